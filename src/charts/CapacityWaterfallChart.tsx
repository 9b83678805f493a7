import { memo, useMemo } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, Tooltip, XAxis, YAxis } from 'recharts';
import type { WaterfallStep } from '../core/types';
import { UNIT_LABEL, type CapacityUnit } from '../units';
import { SERIES } from './palette';

interface Props {
  steps: WaterfallStep[];
  required: number;
  unit: CapacityUnit;
}

export interface WaterfallBar {
  label: string;
  /** Where the bar floats from: a deduction starts where the running total stands. */
  base: number;
  value: number;
  /** [base, base + value]: one ranged bar, rather than an invisible bar stacked under it. */
  span: [number, number];
  kind: WaterfallStep['kind'] | 'required';
  source: string;
}

const COLOURS: Record<WaterfallBar['kind'], string> = {
  start: SERIES.demand,
  deduction: SERIES.deduction,
  subtotal: SERIES.limit,
  required: SERIES.required,
};

const bar = (
  label: string,
  base: number,
  value: number,
  kind: WaterfallBar['kind'],
  source: string,
): WaterfallBar => ({ label, base, value, span: [base, base + value], kind, source });

/** Raw -> deductions -> usable, then what the workloads require, as floating bars. */
export function waterfallBars(steps: WaterfallStep[], required: number, unit: CapacityUnit) {
  let running = 0;
  const bars: WaterfallBar[] = steps.map((step) => {
    const value = step.amount[unit];
    if (step.kind === 'deduction') {
      running -= value;
      return bar(step.label, running, value, step.kind, step.source);
    }
    running = value;
    return bar(step.label, 0, value, step.kind, step.source);
  });
  bars.push(bar('Required by workloads', 0, required, 'required', 'workload footprints'));
  return bars;
}

// Everything but the bars is built once per unit: a live edit then hands
// Recharts the same axis, grid and tooltip elements, which React skips, and
// only the data and the bars' colours change.
const MARGIN = { top: 8, right: 16, bottom: 110, left: 48 };
const TICK = { fontSize: 11 };

function frame(unit: CapacityUnit) {
  const label = UNIT_LABEL[unit];
  return (
    <>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="label" interval={0} angle={-35} textAnchor="end" tick={TICK} />
      <YAxis unit={` ${label}`} width={80} />
      <Tooltip
        formatter={(_span, _name, item) => [
          `${(item.payload as WaterfallBar).value.toFixed(2)} ${label}`,
          'Amount',
        ]}
      />
    </>
  );
}

const FRAME: Record<CapacityUnit, React.ReactElement> = { tb: frame('tb'), tib: frame('tib') };

/** Re-renders only when its steps, requirement or unit change. */
export const CapacityWaterfallChart = memo(function CapacityWaterfallChart({
  steps,
  required,
  unit,
}: Props) {
  const bars = useMemo(() => waterfallBars(steps, required, unit), [steps, required, unit]);
  return (
    <BarChart
      width={580}
      height={340}
      data={bars}
      margin={MARGIN}
      role="img"
      aria-label="Capacity waterfall"
    >
      {FRAME[unit]}
      <Bar dataKey="span" isAnimationActive={false}>
        {bars.map((bar) => (
          <Cell key={bar.label} fill={COLOURS[bar.kind]} />
        ))}
      </Bar>
    </BarChart>
  );
});
