import { memo, useMemo } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { upTo } from '../units';
import { SERIES } from './palette';

export interface FigureBar {
  label: string;
  value: number;
  colour: string;
}

interface Props {
  title: string;
  bars: FigureBar[];
  unit: string;
  /** Digits in the tooltip. */
  digits?: number;
  /** A limit drawn across the bars, e.g. 100 % of what is left. */
  limit?: number;
}

const MARGIN = { top: 14, right: 16, bottom: 20, left: 4 };
const TICK = { fontSize: 11 };
/** Past this ratio of the largest to the smallest bar, a linear axis hides the small one. */
const LOG_RATIO = 20;
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** A log axis when the bars span more than LOG_RATIO and none is zero. */
export function wantsLogScale(values: number[]): boolean {
  const positive = values.filter((v) => v > 0);
  if (positive.length !== values.length || positive.length < 2) return false;
  return Math.max(...positive) / Math.min(...positive) > LOG_RATIO;
}

/**
 * A few labelled figures of one unit, one bar a row with its label beside
 * it (labels never overlap), the unit on the axis, and a log axis where a
 * demand sits next to a much larger limit. Re-renders only when its props
 * change, so callers memoise `bars`.
 */
export const FigureBarChart = memo(function FigureBarChart({
  title,
  bars,
  unit,
  digits = 0,
  limit,
}: Props) {
  const log = wantsLogScale(bars.map((b) => b.value));
  const frame = useMemo(
    () => (
      <>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis
          type="number"
          scale={log ? 'log' : 'auto'}
          domain={log ? ['auto', 'auto'] : [0, 'auto']}
          allowDataOverflow={log}
          tick={TICK}
          tickFormatter={(v: number) => compact.format(v)}
          label={{
            value: log ? `${unit} (log scale)` : unit,
            position: 'insideBottom',
            offset: -12,
            fontSize: 11,
          }}
        />
        <YAxis type="category" dataKey="label" width={72} tick={TICK} />
        <Tooltip formatter={(value) => [`${upTo(Number(value), digits)} ${unit}`, title]} />
        {limit !== undefined && (
          <ReferenceLine
            x={limit}
            stroke={SERIES.over}
            strokeDasharray="4 2"
            label={{ value: 'limit', fontSize: 10, position: 'top' }}
          />
        )}
      </>
    ),
    [digits, unit, title, limit, log],
  );
  return (
    <BarChart
      layout="vertical"
      width={260}
      height={48 + bars.length * 30}
      data={bars}
      margin={MARGIN}
      role="img"
      aria-label={`${title}, in ${unit}${log ? ' (log scale)' : ''}`}
    >
      {frame}
      <Bar dataKey="value" isAnimationActive={false} barSize={18}>
        {bars.map((bar) => (
          <Cell key={bar.label} fill={bar.colour} />
        ))}
      </Bar>
    </BarChart>
  );
});
