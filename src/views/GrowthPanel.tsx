import { memo, useMemo } from 'react';
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { ClusterGrowth } from '../core/types';
import { UNIT_LABEL, type CapacityUnit } from '../units';
import { SERIES } from '../charts/palette';

const MARGIN = { top: 8, right: 16, bottom: 8, left: 8 };

// Everything but the data is built once per unit, so a live edit hands
// Recharts the same axis, grid, legend and line elements, which React skips.
function frame(unit: CapacityUnit) {
  const label = UNIT_LABEL[unit];
  return (
    <>
      <CartesianGrid strokeDasharray="3 3" />
      <XAxis dataKey="year" />
      <YAxis unit={` ${label}`} width={80} />
      <Tooltip formatter={(v) => `${Number(v).toFixed(2)} ${label}`} />
      <Legend />
      <Line dataKey="usable" name="Usable" stroke={SERIES.limit} isAnimationActive={false} />
      <Line dataKey="required" name="Required" stroke={SERIES.required} isAnimationActive={false} />
    </>
  );
}

const FRAME: Record<CapacityUnit, React.ReactElement> = { tb: frame('tb'), tib: frame('tib') };

/** Year by year over the planning horizon, and the first year each limit is crossed. */
export const GrowthPanel = memo(function GrowthPanel({
  growth,
  unit,
}: {
  growth: ClusterGrowth;
  unit: CapacityUnit;
}) {
  const data = useMemo(
    () =>
      growth.years.map((y) => ({
        year: `Year ${y.year}`,
        required: y.capacity_required[unit],
        usable: y.capacity_usable[unit],
      })),
    [growth.years, unit],
  );
  return (
    <>
      <h3>Growth over {growth.horizon_years} years</h3>
      <LineChart
        width={560}
        height={220}
        data={data}
        margin={MARGIN}
        role="img"
        aria-label="Capacity required and usable by year"
      >
        {FRAME[unit]}
      </LineChart>
      <ul data-testid="growth-crossings">
        {growth.first_crossing.length === 0 && <li>No limit is crossed within the horizon.</li>}
        {growth.first_crossing.map((c) => (
          <li key={c.limit} className="issue">
            {c.limit.toUpperCase()} runs out in year {c.year}
            {c.hosts_to_add !== undefined && `: add ${c.hosts_to_add} host(s) by then`}
          </li>
        ))}
      </ul>
      <p className="source">{growth.source}</p>
    </>
  );
});
