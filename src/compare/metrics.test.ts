import { describe, expect, it } from 'vitest';
import { bestIndex } from './metrics';

describe('bestIndex', () => {
  it('picks the highest or the lowest', () => {
    expect(bestIndex([3, 9, 5], 'higher')).toBe(1);
    expect(bestIndex([3, 9, 5], 'lower')).toBe(0);
  });

  it('skips figures the core left out', () => {
    expect(bestIndex([undefined, 2, 7], 'higher')).toBe(2);
  });

  it('marks nothing when all are equal or only one has a figure', () => {
    expect(bestIndex([4, 4], 'higher')).toBeUndefined();
    expect(bestIndex([undefined, 4], 'lower')).toBeUndefined();
  });
});
