import { describe, expect, it } from 'vitest';
import { level, shareText, usedOfLimit } from './utilisationFormat';

const u = (used: number, limit: number, pct?: number) => ({ used, limit, pct, unit: 'cores' });
const alert = { pct: 80, label: 'capacity alert' };

describe('a utilisation as the dashboard reads it', () => {
  it('is over past 100 %, a warning from the threshold on, else within both', () => {
    expect(level(u(123.2, 72, 171.1))).toBe('over');
    expect(level(u(85, 100, 85), alert)).toBe('warn');
    expect(level(u(80, 100, 80), alert)).toBe('warn');
    expect(level(u(79, 100, 79), alert)).toBe('ok');
    expect(level(u(85, 100, 85))).toBe('ok');
    // No limit to divide by: nothing to warn about, and the text says so.
    expect(level(u(5, 0))).toBe('ok');
    expect(shareText(u(5, 0))).toBe('5 cores (no limit)');
  });

  it('states its figures at the precision they read best in', () => {
    expect(usedOfLimit(u(123.24, 72, 171.1))).toBe('123 of 72 cores');
    expect(usedOfLimit(u(61.64, 80, 77))).toBe('61.6 of 80 cores');
    expect(usedOfLimit({ used: 0.276, limit: 10, pct: 2.8, unit: 'Gbps' })).toBe('0.28 of 10 Gbps');
    expect(shareText(u(123.2, 72, 171.11))).toBe('171.1 %');
  });
});
