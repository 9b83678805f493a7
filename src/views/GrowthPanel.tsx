import { memo, useMemo } from 'react';
import { LinePlot } from '../charts/LinePlot';
import type { ClusterGrowth } from '../core/types';
import { UNIT_LABEL, type CapacityUnit } from '../units';
import { SERIES } from '../charts/palette';

/** Year by year over the planning horizon, and the first year each limit is crossed. */
export const GrowthPanel = memo(function GrowthPanel({
  growth,
  unit,
}: {
  growth: ClusterGrowth;
  unit: CapacityUnit;
}) {
  const label = UNIT_LABEL[unit];
  const years = useMemo(() => growth.years.map((y) => y.year), [growth.years]);
  // Every point opens the core's timeline rule, which cites its sources.
  const lines = useMemo(() => {
    const explain = { rule: growth.source, sources: [] };
    return [
      {
        name: 'Usable',
        colour: SERIES.limit,
        points: growth.years.map((y) => ({ x: y.year, y: y.capacity_usable[unit] })),
        explain,
      },
      {
        name: 'Required',
        colour: SERIES.required,
        points: growth.years.map((y) => ({ x: y.year, y: y.capacity_required[unit] })),
        explain,
      },
    ];
  }, [growth.years, growth.source, unit]);
  return (
    <>
      <h3>Growth over {growth.horizon_years} years (year 0 is today)</h3>
      <LinePlot
        title="Capacity required and usable by year"
        width={560}
        height={220}
        xDomain={[years[0] ?? 0, years[years.length - 1] ?? 1]}
        xTicks={years}
        formatX={(year) => `Year ${year}`}
        yUnit={label}
        formatY={(v) => `${v.toFixed(2)} ${label}`}
        lines={lines}
      />
      <ul data-testid="growth-crossings">
        {growth.first_crossing.length === 0 && <li>No limit is crossed within the horizon.</li>}
        {growth.first_crossing.map((c) => (
          <li key={c.limit} className="issue">
            {c.summary}.
          </li>
        ))}
      </ul>
      <p className="source">{growth.source}</p>
    </>
  );
});
