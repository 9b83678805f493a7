import { describe, expect, it } from 'vitest';
import type { WaterfallStep } from '../core/types';
import { waterfallBars } from './CapacityWaterfallChart';

const amount = (tb: number) => ({ gb: tb * 1000, tb, tib: tb / 1.0995 });
const step = (label: string, kind: WaterfallStep['kind'], tb: number): WaterfallStep => ({
  label,
  kind,
  amount: amount(tb),
  rule: `${label} rule`,
  source: `${label} source`,
});

describe('waterfallBars', () => {
  it('floats each deduction from the running total and restarts at subtotals', () => {
    const bars = waterfallBars(
      [
        step('Raw', 'start', 10),
        step('Overhead', 'deduction', 1),
        step('Slack', 'deduction', 2),
        step('Usable', 'subtotal', 7),
      ],
      5,
      'tb',
      'required rule',
    );
    expect(bars.map((b) => [b.label, b.base, b.value])).toEqual([
      ['Raw', 0, 10],
      ['Overhead', 9, 1],
      ['Slack', 7, 2],
      ['Usable', 0, 7],
      ['Required by workloads', 0, 5],
    ]);
    expect(bars.map((b) => b.span)).toEqual([
      [0, 10],
      [9, 10],
      [7, 9],
      [0, 7],
      [0, 5],
    ]);
    // Each bar opens the core's rule for its step; the last, the requirement's.
    expect(bars.map((b) => b.explain)).toEqual([
      { rule: 'Raw rule', sources: ['Raw source'] },
      { rule: 'Overhead rule', sources: ['Overhead source'] },
      { rule: 'Slack rule', sources: ['Slack source'] },
      { rule: 'Usable rule', sources: ['Usable source'] },
      { rule: 'required rule', sources: [] },
    ]);
  });

  it('uses the unit asked for', () => {
    const [raw] = waterfallBars([step('Raw', 'start', 10)], 0, 'tib', '');
    expect(raw?.value).toBeCloseTo(10 / 1.0995, 6);
  });
});
