import { describe, expect, it } from 'vitest';
import { importPercent, STAGE_BANDS, type ImportProgress } from './importProgress';

const reading = (fraction: number): ImportProgress => ({ stage: 'reading', fraction });

describe('importPercent', () => {
  it('starts each stage where the one before ends', () => {
    expect(importPercent({ stage: 'opening' })).toBe(0);
    expect(importPercent({ stage: 'loading' })).toBe(STAGE_BANDS.opening[1]);
    expect(importPercent(reading(0))).toBe(STAGE_BANDS.loading[1]);
    expect(importPercent(reading(1))).toBe(STAGE_BANDS.reading[1]);
  });

  it("spreads the core's fraction over the reading band", () => {
    const [start, end] = STAGE_BANDS.reading;
    expect(importPercent(reading(0.5))).toBe(Math.floor(start + (end - start) / 2));
    expect(importPercent(reading(0.25))).toBeLessThan(importPercent(reading(0.3)));
  });

  it('only grows along a read', () => {
    const steps: ImportProgress[] = [
      { stage: 'opening' },
      { stage: 'loading' },
      ...[0, 0.01, 0.3, 0.99, 1].map(reading),
    ];
    const percents = steps.map(importPercent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
  });

  it('holds a fraction out of range, or not a number, to the band', () => {
    expect(importPercent(reading(1.5))).toBe(STAGE_BANDS.reading[1]);
    expect(importPercent(reading(-1))).toBe(STAGE_BANDS.reading[0]);
    expect(importPercent(reading(Number.NaN))).toBe(STAGE_BANDS.reading[0]);
  });
});
