import { memo, useMemo } from 'react';
import type { Explanation } from '../components/Explain';
import type { LatencyTarget } from '../core/types';
import { upTo } from '../units';
import { HorizontalBars, type BarRow } from './HorizontalBars';
import { SERIES } from './palette';

export interface LatencyBar {
  label: string;
  /** Absent when the core has no estimate (a saturated tier). */
  read?: number;
  write?: number;
}

const SERIES_SHOWN = [
  { name: 'Read', colour: SERIES.limit },
  { name: 'Write', colour: SERIES.demand },
];

/** The axis reaches this far past the highest target so its line and label show. */
const PAST_TARGET = 1.1;

/**
 * Estimated read and write latency per workload (or path), in ms, with the
 * targets the core's latency findings hold them to drawn across
 * (`targets`: a warning fires past each line; none where no finding
 * applies). Every bar opens `explain`, the core's latency model, where given.
 */
export const LatencyChart = memo(function LatencyChart({
  bars,
  title,
  targets,
  explain,
}: {
  bars: LatencyBar[];
  title: string;
  targets: LatencyTarget[];
  explain?: Explanation;
}) {
  const rows = useMemo<BarRow[]>(
    () => bars.map((bar) => ({ label: bar.label, values: [bar.read, bar.write], explain })),
    [bars, explain],
  );
  // Every line is a warning's target: one colour, told apart by its label.
  const marks = useMemo(
    () =>
      targets.map((t) => ({ value: t.ms, label: `${t.label} ${t.ms}`, colour: SERIES.warning })),
    [targets],
  );
  return (
    <HorizontalBars
      title={title}
      unit="ms"
      rows={rows}
      series={SERIES_SHOWN}
      legend
      width={300}
      labelWidth={92}
      rowHeight={36}
      barSize={12}
      atLeast={Math.max(0, ...targets.map((t) => t.ms)) * PAST_TARGET}
      marks={marks}
      format={(value) => upTo(value, 2)}
    />
  );
});
