import { HTMLTable } from '@blueprintjs/core';
import { memo } from 'react';
import { ScrollRegion } from '../components/ScrollRegion';
import type { ClusterResilience } from '../core/types';
import {
  formatAnnualLoss,
  formatCapacity,
  formatDuration,
  formatYears,
  orDash,
  type CapacityUnit,
} from '../units';

/** Failure what-ifs and durability for one cluster, as the core computed them. */
export const ResiliencePanel = memo(function ResiliencePanel({
  resilience,
  unit,
}: {
  resilience: ClusterResilience;
  unit: CapacityUnit;
}) {
  return (
    <>
      <h3>Failure scenarios</h3>
      <ScrollRegion label="Failure scenarios">
        <HTMLTable compact striped className="grid" data-testid="failure-scenarios">
          <thead>
            <tr>
              <th scope="col">Failure</th>
              <th scope="col">Capacity left</th>
              <th scope="col">Required</th>
              <th scope="col">Rebuild to policy</th>
              <th scope="col">Data to resync</th>
              <th scope="col">Resync under load</th>
              <th scope="col">Back to compliance</th>
            </tr>
          </thead>
          <tbody>
            {resilience.scenarios.map((s) => (
              <tr key={s.kind} data-kind={s.kind}>
                <th scope="row">{s.label}</th>
                <td>{formatCapacity(s.capacity_left, unit)}</td>
                <td>{formatCapacity(s.required, unit)}</td>
                <td className={s.compliance_restorable ? undefined : 'bad'}>
                  {s.compliance_restorable ? 'yes' : 'no'}
                </td>
                <td>{formatCapacity(s.data_to_resync, unit)}</td>
                <td>{formatDuration(s.resync_minutes)}</td>
                <td>{orDash(s.time_to_compliance_minutes, formatDuration)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </ScrollRegion>
      <p className="source">
        Resync at {resilience.resync_rate.under_load_gb_per_min} GB/min under load (
        {resilience.resync_rate.source}); repair delay {resilience.repair_delay_minutes} min.
      </p>
      <h3>Durability</h3>
      <HTMLTable compact striped className="grid" data-testid="durability">
        <thead>
          <tr>
            <th scope="col">Policy</th>
            <th scope="col">Failures tolerated</th>
            <th scope="col">Mean time to data loss</th>
            <th scope="col">Annual probability of loss</th>
          </tr>
        </thead>
        <tbody>
          {resilience.durability.policies.map((p) => (
            <tr key={p.policy_id}>
              <th scope="row">{p.policy_id}</th>
              <td>{p.failures_tolerated}</td>
              <td>{orDash(p.mttdl_years, formatYears)}</td>
              <td>{orDash(p.annual_loss_probability, formatAnnualLoss)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      <p className="source">
        Model: {resilience.durability.assumptions.model}. Annual failure rates: SSD{' '}
        {resilience.durability.assumptions.ssd_afr_pct} %, HDD{' '}
        {resilience.durability.assumptions.hdd_afr_pct} %, host{' '}
        {resilience.durability.assumptions.host_afr_pct} %.{' '}
        {resilience.durability.assumptions.independence}
      </p>
    </>
  );
});
