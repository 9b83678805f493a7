import { memo } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { upTo } from '../units';
import { SERIES } from './palette';

export interface LatencyBar {
  label: string;
  /** Absent when the core has no estimate (a saturated tier). */
  read?: number;
  write?: number;
}

const MARGIN = { top: 16, right: 16, bottom: 20, left: 4 };
const TICK = { fontSize: 11 };

/**
 * Estimated read and write latency per workload (or path), in ms, with the
 * SQL Server targets the core's findings use drawn across: 5 ms for the
 * transaction log, 20 ms for data files (seed 000 §7.3).
 */
export const LatencyChart = memo(function LatencyChart({
  bars,
  title,
}: {
  bars: LatencyBar[];
  title: string;
}) {
  return (
    <BarChart
      layout="vertical"
      width={300}
      height={64 + bars.length * 40}
      data={bars}
      margin={MARGIN}
      role="img"
      aria-label={`${title}, in ms`}
    >
      <CartesianGrid strokeDasharray="3 3" horizontal={false} />
      <XAxis
        type="number"
        domain={[0, (max: number) => Math.max(22, Math.ceil(max))]}
        tick={TICK}
        label={{ value: 'ms', position: 'insideBottom', offset: -12, fontSize: 11 }}
      />
      <YAxis type="category" dataKey="label" width={96} tick={TICK} />
      <Tooltip formatter={(value, name) => [`${upTo(Number(value), 2)} ms`, name]} />
      <Legend verticalAlign="top" height={20} wrapperStyle={{ fontSize: 11 }} />
      <ReferenceLine
        x={5}
        stroke={SERIES.warning}
        strokeDasharray="4 2"
        label={{ value: 'log 5', fontSize: 10, position: 'top' }}
      />
      <ReferenceLine
        x={20}
        stroke={SERIES.over}
        strokeDasharray="4 2"
        label={{ value: 'data 20', fontSize: 10, position: 'top' }}
      />
      <Bar dataKey="read" name="Read" fill={SERIES.limit} isAnimationActive={false} barSize={12} />
      <Bar
        dataKey="write"
        name="Write"
        fill={SERIES.demand}
        isAnimationActive={false}
        barSize={12}
      />
    </BarChart>
  );
});
