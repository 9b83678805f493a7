import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { ClusterGrowth } from '../core/types';
import { UNIT_LABEL, type CapacityUnit } from '../units';

/** Year by year over the planning horizon, and the first year each limit is crossed. */
export function GrowthPanel({ growth, unit }: { growth: ClusterGrowth; unit: CapacityUnit }) {
  const data = growth.years.map((y) => ({
    year: `Year ${y.year}`,
    required: y.capacity_required[unit],
    usable: y.capacity_usable[unit],
  }));
  return (
    <>
      <h3>Growth over {growth.horizon_years} years</h3>
      <LineChart
        width={560}
        height={220}
        data={data}
        margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
        role="img"
        aria-label="Capacity required and usable by year"
      >
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="year" />
        <YAxis unit={` ${UNIT_LABEL[unit]}`} width={80} />
        <Tooltip formatter={(v) => `${Number(v).toFixed(2)} ${UNIT_LABEL[unit]}`} />
        <Legend />
        <Line dataKey="usable" name="Usable" stroke="#0f766e" isAnimationActive={false} />
        <Line dataKey="required" name="Required" stroke="#7c3aed" isAnimationActive={false} />
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
}
