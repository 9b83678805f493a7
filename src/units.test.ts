import { describe, expect, it } from 'vitest';
import { formatCapacity, formatIops, formatPct, orDash } from './units';

describe('figure formatting', () => {
  const capacity = { gb: 12_800, tb: 12.8, tib: 11.641532182693481 };

  it('shows the chosen unit and says which', () => {
    expect(formatCapacity(capacity, 'tb')).toBe('12.80 TB');
    expect(formatCapacity(capacity, 'tib')).toBe('11.64 TiB');
  });

  it('groups thousands and rounds IOPS to whole numbers', () => {
    expect(formatIops(20_800.4)).toBe('20,800 IOPS');
    expect(formatPct(12.345)).toBe('12.3 %');
  });

  it('shows a dash for a figure the core left out', () => {
    expect(orDash(undefined, formatPct)).toBe('–');
    expect(orDash(50, formatPct)).toBe('50.0 %');
  });
});
