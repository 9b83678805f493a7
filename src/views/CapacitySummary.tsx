import { RawCapacityChart } from '../charts/RawCapacityChart';
import { useApp } from '../store/context';

const fmt = (n: number) =>
  n.toLocaleString('en-US', { maximumFractionDigits: 2, minimumFractionDigits: 2 });

/** Raw capacity figures as the core computed them. */
export function CapacitySummary() {
  const evaluation = useApp((s) => s.evaluation);
  const stale = useApp((s) => s.issues.length > 0 || s.coreError !== null);
  if (!evaluation) return <section className="panel">Evaluating…</section>;
  return (
    <section className={stale ? 'panel stale' : 'panel'} aria-labelledby="capacity-heading">
      <h2 id="capacity-heading">Raw capacity</h2>
      {stale && <p className="muted">Showing the last valid result; fix the inputs to update.</p>}
      {evaluation.clusters.map((c) => (
        <div key={c.cluster_id}>
          <dl className="figures">
            <div>
              <dt>Raw (decimal)</dt>
              <dd data-testid="raw-tb">{fmt(c.raw.total.tb)} TB</dd>
            </div>
            <div>
              <dt>Raw (binary)</dt>
              <dd data-testid="raw-tib">{fmt(c.raw.total.tib)} TiB</dd>
            </div>
            <div>
              <dt>Capacity devices</dt>
              <dd>{c.raw.capacity_devices}</dd>
            </div>
            <div>
              <dt>Hosts</dt>
              <dd>{c.host_count}</dd>
            </div>
          </dl>
          <RawCapacityChart
            bars={[
              { label: 'Per host', tb: c.raw.per_host.tb, tib: c.raw.per_host.tib },
              { label: 'Cluster', tb: c.raw.total.tb, tib: c.raw.total.tib },
            ]}
          />
          <p className="source">Source: {c.raw.source}</p>
        </div>
      ))}
    </section>
  );
}
