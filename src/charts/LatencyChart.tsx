import { memo, useMemo } from 'react';
import type { Explanation } from '../components/Explain';
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

// The SQL Server targets the core's findings use (seed 000 §7.3); the axis
// always reaches past the data-file target so both lines show.
const TARGETS = [
  { value: 5, label: 'log 5', colour: SERIES.warning },
  { value: 20, label: 'data 20', colour: SERIES.over },
];
const AXIS_AT_LEAST = 22;

/**
 * Estimated read and write latency per workload (or path), in ms, with the
 * SQL Server targets the core's findings use drawn across: 5 ms for the
 * transaction log, 20 ms for data files (seed 000 §7.3). Every bar opens
 * `explain`, the core's latency model, where given.
 */
export const LatencyChart = memo(function LatencyChart({
  bars,
  title,
  explain,
}: {
  bars: LatencyBar[];
  title: string;
  explain?: Explanation;
}) {
  const rows = useMemo<BarRow[]>(
    () => bars.map((bar) => ({ label: bar.label, values: [bar.read, bar.write], explain })),
    [bars, explain],
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
      atLeast={AXIS_AT_LEAST}
      marks={TARGETS}
      format={(value) => upTo(value, 2)}
    />
  );
});
