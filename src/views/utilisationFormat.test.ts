import { describe, expect, it } from 'vitest';
import { pctText, shareText, usedOfLimit } from './utilisationFormat';

const u = (used: number, limit: number, pct?: number) => ({ used, limit, pct, unit: 'cores' });

describe('a utilisation as the dashboard reads it', () => {
  it('states its figures at the precision they read best in', () => {
    expect(usedOfLimit(u(123.24, 72, 171.1))).toBe('123 of 72 cores');
    expect(usedOfLimit(u(61.64, 80, 77))).toBe('61.6 of 80 cores');
    expect(usedOfLimit({ used: 0.276, limit: 10, pct: 2.8, unit: 'Gbps' })).toBe('0.28 of 10 Gbps');
    expect(shareText(u(123.2, 72, 171.11))).toBe('171.1 %');
    // No limit to divide by: the text says so.
    expect(shareText(u(5, 0))).toBe('5 cores (no limit)');
  });

  it('writes shares and warning lines in one format', () => {
    expect(pctText(77.34)).toBe('77.3 %');
    expect(pctText(80)).toBe('80 %');
    expect(shareText(u(64, 80, 80))).toBe(pctText(80));
  });
});
