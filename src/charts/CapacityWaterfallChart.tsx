import { memo, useMemo, type CSSProperties } from 'react';
import type { Explanation } from '../components/Explain';
import type { WaterfallStep } from '../core/types';
import { formatCapacityIn, UNIT_LABEL, type CapacityUnit } from '../units';
import { LeftAxis, TICK_FONT } from './ChartParts';
import { useExplainedMarks, type ExplainedMark } from './ExplainedMarks';
import { SERIES } from './palette';
import { linearScale } from './scale';

interface Props {
  steps: WaterfallStep[];
  required: number;
  /** How the core found what the workloads require: the last bar opens it. */
  requiredRule: string;
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
  /** The core's rule for the step, with this design's numbers, and its source. */
  explain: Explanation;
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
  explain: Explanation,
): WaterfallBar => ({ label, base, value, span: [base, base + value], kind, explain });

/** Raw -> deductions -> usable, then what the workloads require, as floating bars. */
export function waterfallBars(
  steps: WaterfallStep[],
  required: number,
  unit: CapacityUnit,
  requiredRule: string,
) {
  let running = 0;
  const bars: WaterfallBar[] = steps.map((step) => {
    const value = step.amount[unit];
    const explain = { rule: step.rule, sources: [step.source] };
    if (step.kind === 'deduction') {
      running -= value;
      return bar(step.label, running, value, step.kind, explain);
    }
    running = value;
    return bar(step.label, 0, value, step.kind, explain);
  });
  bars.push(
    bar('Required by workloads', 0, required, 'required', { rule: requiredRule, sources: [] }),
  );
  return bars;
}

const WIDTH = 580;
const HEIGHT = 340;
/** The plot area, in px from the top left; the angled labels take the 110 px below it and reach left of the first column. */
const PLOT = { top: 10, right: 16, bottom: 230, left: 136 };
const LABEL_ANGLE = -35;
const COLUMN_FILL = 0.8;
/** The widest a step's note gets beside its bar (the notes' usual 24rem). */
const NOTE_WIDTH = 384;
/** Between a bar and its note. */
const NOTE_GAP = 6;

/**
 * Where a step's explanation goes: beside its bar, on the side with more
 * room, at the top of the plot and within the chart's box, so that it
 * covers no chart below (the IOPS chart follows the waterfall). Its
 * height is the chart's at most; a longer one scrolls once pinned.
 */
/** The width each bar's column has, and the x of bar `index`'s centre. */
function barSlot(bars: number) {
  return (WIDTH - PLOT.right - PLOT.left) / bars;
}
function barCentre(index: number, bars: number) {
  return PLOT.left + (index + 0.5) * barSlot(bars);
}

export function noteBeside(index: number, bars: number): CSSProperties {
  const centre = barCentre(index, bars);
  const half = (barSlot(bars) * COLUMN_FILL) / 2;
  const roomRight = WIDTH - (centre + half + NOTE_GAP);
  const roomLeft = centre - half - NOTE_GAP;
  const place =
    roomRight >= roomLeft
      ? { left: centre + half + NOTE_GAP, width: Math.min(NOTE_WIDTH, roomRight) }
      : { left: Math.max(0, roomLeft - NOTE_WIDTH), width: Math.min(NOTE_WIDTH, roomLeft) };
  return {
    ...place,
    top: PLOT.top,
    maxWidth: 'none',
    maxHeight: HEIGHT - PLOT.top,
    overflowY: 'auto',
  };
}

/**
 * Re-renders only when its steps, requirement or unit change. Each bar
 * explains itself (ExplainedMarks): hover, click or Tab then Enter opens
 * the core's rule for the step with this design's numbers.
 */
export const CapacityWaterfallChart = memo(function CapacityWaterfallChart({
  steps,
  required,
  requiredRule,
  unit,
}: Props) {
  const bars = useMemo(
    () => waterfallBars(steps, required, unit, requiredRule),
    [steps, required, unit, requiredRule],
  );
  const label = UNIT_LABEL[unit];
  const marks = useMemo<ExplainedMark[]>(
    () =>
      bars.map((b) => ({
        key: b.label,
        figure: `${b.label}: ${formatCapacityIn(b.value, unit)}`,
        explanation: b.explain,
      })),
    [bars, unit],
  );
  const explained = useExplainedMarks();
  const scale = linearScale(Math.max(0, ...bars.map((b) => b.span[1])), PLOT.bottom, PLOT.top);
  const slot = barSlot(bars.length);
  return (
    <div className="chart-explained">
      <svg
        className="chart"
        width={WIDTH}
        height={HEIGHT}
        role="group"
        aria-label={`Capacity waterfall, in ${label}`}
      >
        <LeftAxis scale={scale} left={PLOT.left} right={WIDTH - PLOT.right} unit={label} />
        <line
          className="chart-axis"
          x1={PLOT.left}
          x2={WIDTH - PLOT.right}
          y1={PLOT.bottom}
          y2={PLOT.bottom}
        />
        {bars.map((bar, i) => {
          const centre = barCentre(i, bars.length);
          const top = scale.at(bar.span[1]);
          const mark = marks[i];
          return (
            <g key={bar.label}>
              <rect
                className="chart-bar"
                x={centre - (slot * COLUMN_FILL) / 2}
                y={top}
                width={slot * COLUMN_FILL}
                height={Math.max(0, scale.at(bar.span[0]) - top)}
                fill={COLOURS[bar.kind]}
                {...(mark && explained.markProps(mark))}
              />
              <text
                className="chart-tick"
                x={centre}
                y={PLOT.bottom + 12}
                fontSize={TICK_FONT}
                textAnchor="end"
                transform={`rotate(${LABEL_ANGLE} ${centre} ${PLOT.bottom + 12})`}
                aria-hidden="true"
              >
                {bar.label}
              </text>
            </g>
          );
        })}
      </svg>
      {explained.popup(marks, (key) =>
        noteBeside(
          marks.findIndex((m) => m.key === key),
          marks.length,
        ),
      )}
    </div>
  );
});
