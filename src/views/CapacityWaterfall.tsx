import { CapacityWaterfallChart } from '../charts/CapacityWaterfallChart';
import type { CapacityEvaluation } from '../core/types';
import type { CapacityUnit } from '../units';

/** A cluster's raw -> usable steps against what its workloads require, each bar explaining itself. */
export function Waterfall({
  capacity,
  unit,
  title = 'Capacity waterfall',
}: {
  capacity: CapacityEvaluation;
  unit: CapacityUnit;
  title?: string;
}) {
  return (
    <>
      <h3>{title}</h3>
      <CapacityWaterfallChart
        steps={capacity.waterfall}
        required={capacity.required[unit]}
        requiredRule={capacity.required_rule}
        unit={unit}
      />
    </>
  );
}
