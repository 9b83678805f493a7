import { memo, useMemo } from 'react';
import type { Explanation } from '../components/Explain';
import { upTo } from '../units';
import { HorizontalBars, type BarRow } from './HorizontalBars';
import { SERIES } from './palette';
import { wantsLogScale } from './scale';

export interface FigureBar {
  label: string;
  value: number;
  colour: string;
  /** How the core found the figure: the bar then opens it. */
  explain?: Explanation;
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
  const rows = useMemo<BarRow[]>(
    () =>
      bars.map((bar) => ({
        label: bar.label,
        values: [bar.value],
        colour: bar.colour,
        explain: bar.explain,
      })),
    [bars],
  );
  return (
    <HorizontalBars
      title={title}
      unit={unit}
      rows={rows}
      series={[{ name: title, colour: SERIES.demand }]}
      width={260}
      labelWidth={64}
      rowHeight={30}
      barSize={18}
      log={wantsLogScale(bars.map((b) => b.value))}
      marks={limit === undefined ? [] : [{ value: limit, label: 'limit', colour: SERIES.over }]}
      format={(value) => upTo(value, digits)}
    />
  );
});
