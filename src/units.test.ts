import { describe, expect, it } from 'vitest';
import {
  formatAnnualLoss,
  formatCapacity,
  formatCapacityIn,
  formatDuration,
  formatGb,
  formatMoney,
  formatIops,
  formatPct,
  formatYears,
  orDash,
  upTo,
} from './units';

describe('figure formatting', () => {
  const capacity = { gb: 12_800, tb: 12.8, tib: 11.641532182693481 };

  it('shows the chosen unit and says which', () => {
    expect(formatCapacity(capacity, 'tb')).toBe('12.80 TB');
    expect(formatCapacity(capacity, 'tib')).toBe('11.64 TiB');
  });

  it('shows a capacity below one TB (TiB) in GB (GiB), not as "0.01 TB"', () => {
    expect(formatCapacity({ gb: 10, tb: 0.01, tib: 0.009094947017729282 }, 'tb')).toBe('10 GB');
    expect(formatCapacity({ gb: 10, tb: 0.01, tib: 0.009094947017729282 }, 'tib')).toBe('9 GiB');
    expect(formatCapacityIn(-0.25, 'tb')).toBe('-250 GB');
    expect(formatCapacityIn(0, 'tb')).toBe('0.00 TB');
    expect(formatCapacityIn(1, 'tib')).toBe('1.00 TiB');
  });

  it('reads durability in grouped digits, never in exponent notation', () => {
    expect(formatYears(4_048.35)).toBe('4,050 years');
    expect(formatYears(28_513.2)).toBe('28,500 years');
    expect(formatYears(28.46)).toBe('28.5 years');
    expect(formatYears(1e6)).toBe('> 1 million years');
    expect(formatYears(3.2e14)).toBe('> 1 million years');
    expect(formatAnnualLoss(2.47e-4)).toBe('0.025 %');
    expect(formatAnnualLoss(0.634)).toBe('63 %');
    expect(formatAnnualLoss(2.3e-5)).toBe('0.0023 %');
    expect(formatAnnualLoss(9e-6)).toBe('< 0.001 %');
    expect(formatAnnualLoss(0)).toBe('0 %');
  });

  it('groups thousands and rounds IOPS to whole numbers', () => {
    expect(formatIops(20_800.4)).toBe('20,800 IOPS');
    expect(formatPct(12.345)).toBe('12.3 %');
  });

  it('rounds durations once, so 119.7 minutes is 2 h, not 1 h 60 min', () => {
    expect(formatDuration(119.7)).toBe('2 h');
    expect(formatDuration(107.2)).toBe('1 h 47 min');
    expect(formatDuration(59.6)).toBe('1 h');
    expect(formatDuration(65)).toBe('1 h 05 min');
    expect(formatDuration(12.4)).toBe('12 min');
  });

  it('shows a dash for a figure the core left out', () => {
    expect(orDash(undefined, formatPct)).toBe('–');
    expect(orDash(50, formatPct)).toBe('50.0 %');
  });

  it('drops trailing zeros when asked for at most some digits', () => {
    expect(upTo(1234.5, 2)).toBe('1,234.5');
    expect(upTo(768, 2)).toBe('768');
    expect(upTo(0.125, 1)).toBe('0.1');
  });

  it('shows figures that round to zero without a sign', () => {
    expect(formatGb(-0)).toBe('0 GB');
    expect(formatIops(-0.2)).toBe('0 IOPS');
    expect(upTo(-0, 2)).toBe('0');
    expect(formatPct(-1.25)).toBe('-1.3 %');
  });
});

describe('formatMoney', () => {
  it('writes the amount with its currency code, as the BOM does', () => {
    expect(formatMoney(76800, 'USD')).toBe('76,800 USD');
    expect(formatMoney(499, 'EUR', 2)).toBe('499.00 EUR');
    expect(formatMoney(0.0123, 'GBP', 3)).toBe('0.012 GBP');
  });
});
