import { memo, useMemo } from 'react';
import type { WaterfallStep } from '../core/types';
import { UNIT_LABEL, type CapacityUnit } from '../units';
import { LeftAxis, TICK_FONT } from './ChartParts';
import { SERIES } from './palette';
import { linearScale } from './scale';

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

const WIDTH = 580;
const HEIGHT = 340;
/** The plot area, in px from the top left; the angled labels take the 110 px below it and reach left of the first column. */
const PLOT = { top: 10, right: 16, bottom: 230, left: 136 };
const LABEL_ANGLE = -35;
const COLUMN_FILL = 0.8;

/** Re-renders only when its steps, requirement or unit change. */
export const CapacityWaterfallChart = memo(function CapacityWaterfallChart({
  steps,
  required,
  unit,
}: Props) {
  const bars = useMemo(() => waterfallBars(steps, required, unit), [steps, required, unit]);
  const label = UNIT_LABEL[unit];
  const scale = linearScale(Math.max(0, ...bars.map((b) => b.span[1])), PLOT.bottom, PLOT.top);
  const slot = (WIDTH - PLOT.right - PLOT.left) / bars.length;
  return (
    <svg className="chart" width={WIDTH} height={HEIGHT} role="img" aria-label="Capacity waterfall">
      <LeftAxis scale={scale} left={PLOT.left} right={WIDTH - PLOT.right} unit={label} />
      <line
        className="chart-axis"
        x1={PLOT.left}
        x2={WIDTH - PLOT.right}
        y1={PLOT.bottom}
        y2={PLOT.bottom}
      />
      {bars.map((bar, i) => {
        const centre = PLOT.left + (i + 0.5) * slot;
        const top = scale.at(bar.span[1]);
        return (
          <g key={bar.label}>
            <rect
              className="chart-bar"
              x={centre - (slot * COLUMN_FILL) / 2}
              y={top}
              width={slot * COLUMN_FILL}
              height={Math.max(0, scale.at(bar.span[0]) - top)}
              fill={COLOURS[bar.kind]}
            >
              <title>{`${bar.label}: ${bar.value.toFixed(2)} ${label} (${bar.source})`}</title>
            </rect>
            <text
              className="chart-tick"
              x={centre}
              y={PLOT.bottom + 12}
              fontSize={TICK_FONT}
              textAnchor="end"
              transform={`rotate(${LABEL_ANGLE} ${centre} ${PLOT.bottom + 12})`}
            >
              {bar.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
});
