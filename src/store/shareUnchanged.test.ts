import { describe, expect, it } from 'vitest';
import { shareUnchanged } from './shareUnchanged';

describe('shareUnchanged', () => {
  const previous = {
    capacity: { usable: { tb: 6, tib: 5.5 }, steps: [{ label: 'Raw', tb: 12.8 }] },
    growth: { years: [{ year: 0, tb: 5 }] },
    findings: ['a', 'b'],
  };

  it('returns the previous object when nothing changed', () => {
    expect(shareUnchanged(previous, structuredClone(previous))).toBe(previous);
  });

  it('keeps unchanged parts and replaces changed ones', () => {
    const next = structuredClone(previous);
    next.capacity.usable.tb = 7;
    const shared = shareUnchanged(previous, next);
    expect(shared).toEqual(next);
    expect(shared).not.toBe(previous);
    expect(shared.capacity).not.toBe(previous.capacity);
    expect(shared.capacity.steps).toBe(previous.capacity.steps);
    expect(shared.growth).toBe(previous.growth);
    expect(shared.findings).toBe(previous.findings);
  });

  it('sees added, removed and reordered items and keys', () => {
    const longer = { ...structuredClone(previous), findings: ['a', 'b', 'c'] };
    expect(shareUnchanged(previous, longer).findings).toEqual(['a', 'b', 'c']);
    const reordered = { ...structuredClone(previous), findings: ['b', 'a'] };
    expect(shareUnchanged(previous, reordered).findings).toEqual(['b', 'a']);
    const fewerKeys: Record<string, unknown> = structuredClone(previous);
    delete fewerKeys.growth;
    const shared = shareUnchanged<Record<string, unknown>>(previous, fewerKeys);
    expect(shared).toEqual(fewerKeys);
    expect('growth' in shared).toBe(false);
  });

  it('treats optional figures that appear or disappear as changes', () => {
    const before = { headroom_pct: 12 } as { headroom_pct?: number };
    const shared = shareUnchanged(before, {});
    expect(shared).toEqual({});
    expect(shared).not.toBe(before);
  });

  it('never shares what is not plain data', () => {
    const before = { m: new Map([['a', 1]]) };
    const after = { m: new Map([['a', 2]]) };
    expect(shareUnchanged(before, after).m).toBe(after.m);
  });
});
