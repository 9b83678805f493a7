import { memo, useMemo } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { upTo } from '../units';

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

const MARGIN = { top: 8, right: 8, bottom: 24, left: 8 };
const TICK = { fontSize: 11 };

/**
 * A few labelled figures of one unit side by side (demand vs limit). Plain
 * props only; re-renders only when they change, so callers memoise `bars`.
 */
export const FigureBarChart = memo(function FigureBarChart({
  title,
  bars,
  unit,
  digits = 0,
  limit,
}: Props) {
  // Built once per chart: a live edit hands Recharts the same axis, grid and
  // tooltip elements, which React skips, and only the bars change.
  const frame = useMemo(
    () => (
      <>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" interval={0} tick={TICK} />
        <YAxis width={70} tick={TICK} />
        <Tooltip formatter={(value) => [`${upTo(Number(value), digits)} ${unit}`, title]} />
        {limit !== undefined && (
          <ReferenceLine y={limit} stroke="#b91c1c" strokeDasharray="4 2" label="limit" />
        )}
      </>
    ),
    [digits, unit, title, limit],
  );
  return (
    <BarChart width={215} height={220} data={bars} margin={MARGIN} role="img" aria-label={title}>
      {frame}
      <Bar dataKey="value" isAnimationActive={false}>
        {bars.map((bar) => (
          <Cell key={bar.label} fill={bar.colour} />
        ))}
      </Bar>
    </BarChart>
  );
});
