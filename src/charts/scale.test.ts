import { describe, expect, it } from 'vitest';
import { linearScale, linearTicks, logScale, logTicks, wantsLogScale, wrapLabel } from './scale';

describe('linearTicks', () => {
  it('steps in round values from zero to the first tick at or past the maximum', () => {
    expect(linearTicks(87)).toEqual([0, 25, 50, 75, 100]);
    expect(linearTicks(2_200_000)).toEqual([0, 1_000_000, 2_000_000, 3_000_000]);
    expect(linearTicks(0.3)).toEqual([0, 0.1, 0.2, 0.3]);
  });

  it('keeps one interval when there is nothing to show', () => {
    expect(linearTicks(0)).toEqual([0, 1]);
  });
});

describe('logTicks', () => {
  it('covers both ends with powers of ten', () => {
    expect(logTicks(3_500, 2_200_000)).toEqual([1_000, 10_000, 100_000, 1_000_000, 10_000_000]);
    expect(logTicks(10, 10)).toEqual([10, 100]);
  });
});

describe('scales', () => {
  it('maps a linear axis from zero to its last tick', () => {
    const scale = linearScale(87, 100, 300);
    expect(scale.at(0)).toBe(100);
    expect(scale.at(50)).toBe(200);
    expect(scale.at(100)).toBe(300);
  });

  it('maps a log axis by decades, in either direction', () => {
    const scale = logScale(10, 1_000, 300, 100);
    expect(scale.at(10)).toBe(300);
    expect(scale.at(100)).toBe(200);
    expect(scale.at(1_000)).toBe(100);
  });
});

describe('wantsLogScale', () => {
  it('asks for a log axis only past a 20x spread of positive values', () => {
    expect(wantsLogScale([3_000, 2_200_000])).toBe(true);
    expect(wantsLogScale([3_000, 50_000])).toBe(false);
    expect(wantsLogScale([0, 2_200_000])).toBe(false);
    expect(wantsLogScale([5])).toBe(false);
  });
});

describe('wrapLabel', () => {
  it('breaks between words into at most two lines, cutting the rest', () => {
    expect(wrapLabel('Front-end', 10)).toEqual(['Front-end']);
    expect(wrapLabel('SQL OLTP production', 10)).toEqual(['SQL OLTP', 'production']);
    expect(wrapLabel('Exchange mailbox servers east', 10)).toEqual(['Exchange', 'mailbox…']);
    expect(wrapLabel('Required-by-workloads', 10)).toEqual(['Required-…']);
  });
});
