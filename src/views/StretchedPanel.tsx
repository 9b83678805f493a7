import { memo, useEffect, useState } from 'react';
import { LinePlot } from '../charts/LinePlot';
import type { RttPenalty, SiteFailure, StretchedEvaluation } from '../core/types';
import { attempt } from '../files/failures';
import { useServices } from '../services';
import { formatPct, orDash } from '../units';
import { SERIES } from '../charts/palette';

const ms = (v: number) => `${v.toFixed(1)} ms`;

const MAX_RTT_MS = 6;
const RTT_TICKS = [0, 1, 2, 3, 4, 5, 6];

/** The core's penalty curve over 0-6 ms RTT, for the chart. */
function useRttCurve(): RttPenalty[] {
  const { core, store } = useServices();
  const [points, setPoints] = useState<RttPenalty[]>([]);
  useEffect(() => {
    let current = true;
    attempt(store, 'Drawing the RTT penalty curve', async () => {
      const curve = await core.call('stretch/curve', { maxRttMs: MAX_RTT_MS, steps: 24 });
      if (current) setPoints(curve.points);
    });
    return () => {
      current = false;
    };
  }, [core, store]);
  return points;
}

/**
 * The core's estimate of the TPS a site failure leaves, labelled as a model
 * estimate with its inputs and the model's own statement of fit and limits.
 */
export function SiteFailureTps({ site }: { site: SiteFailure }) {
  const tps = site.tps;
  if (!tps) {
    return (
      <p className="source" data-testid="site-failure-tps">
        TPS after a site failure: not estimated (CPU or storage already past its limit before the
        failure; see the findings).
      </p>
    );
  }
  return (
    <div data-testid="site-failure-tps">
      <dl className="figures">
        <div>
          <dt>TPS kept after a site failure (model estimate)</dt>
          <dd data-testid="site-failure-tps-kept">
            {formatPct(tps.tps_retained_pct)} of before, limited by {tps.limited_by}
          </dd>
        </div>
        <div>
          <dt>Host CPU before / after (model estimate)</dt>
          <dd>
            {formatPct(tps.cpu_before_pct)} / {formatPct(tps.cpu_after_pct)} (
            {formatPct(tps.cpu_after_offered_pct)} if every transaction stayed)
          </dd>
        </div>
        <div>
          <dt>Storage busy before / after (model estimate)</dt>
          <dd>
            {formatPct(tps.storage_before_pct)} / {formatPct(tps.storage_after_pct)}
          </dd>
        </div>
      </dl>
      <details className="source">
        <summary>How the TPS estimate is made</summary>
        <p>{tps.model}</p>
        <p>{site.cpu_before_source}</p>
      </details>
    </div>
  );
}

/** A stretched cluster: the penalty of the inter-site round trip, the links, and a site failure. */
export const StretchedPanel = memo(function StretchedPanel({
  stretched,
}: {
  stretched: StretchedEvaluation;
}) {
  const curve = useRttCurve();
  const { rtt, link, witness, site_failure: site } = stretched;
  return (
    <>
      <h3>
        Stretched cluster ({stretched.hosts_per_site} + {stretched.hosts_per_site} hosts)
      </h3>
      <dl className="figures">
        <div>
          <dt>Inter-site RTT</dt>
          <dd data-testid="rtt">
            {ms(rtt.rtt_ms)} {rtt.supported ? '' : '(unsupported)'}
          </dd>
        </div>
        <div>
          <dt>SQL TPS change</dt>
          <dd data-testid="tps-change">{formatPct(rtt.tps_change_pct)}</dd>
        </div>
        <div>
          <dt>Data / log write latency</dt>
          <dd>
            {ms(rtt.data_write_latency_ms)} / {ms(rtt.log_write_latency_ms)}
          </dd>
        </div>
        <div>
          <dt>Inter-site link needed</dt>
          <dd>
            {link.required_gbps.toFixed(2)} of {link.link_gbps} Gb/s
          </dd>
        </div>
        <div>
          <dt>Witness</dt>
          <dd>
            {witness.required_mbps.toFixed(1)} of {witness.link_mbps} Mb/s, {ms(witness.rtt_ms)}
          </dd>
        </div>
        <div>
          <dt>CPU after a site failure</dt>
          <dd>{orDash(site.cores_needed_pct_after, formatPct)}</dd>
        </div>
      </dl>
      <SiteFailureTps site={site} />
      <LinePlot
        title="Write latency against inter-site RTT"
        width={560}
        height={240}
        xDomain={[0, MAX_RTT_MS]}
        xTicks={RTT_TICKS}
        formatX={(x) => `${x} ms`}
        yUnit="ms"
        formatY={ms}
        lines={[
          {
            name: 'Data write',
            colour: SERIES.demand,
            points: curve.map((p) => ({ x: p.rtt_ms, y: p.data_write_latency_ms })),
          },
          {
            name: 'Log write',
            colour: SERIES.warning,
            points: curve.map((p) => ({ x: p.rtt_ms, y: p.log_write_latency_ms })),
          },
        ]}
        marks={[
          { value: rtt.rtt_ms, label: 'this design', colour: SERIES.required, solid: true },
          { value: rtt.max_supported_rtt_ms, label: 'limit', colour: SERIES.over },
        ]}
      />
      <p className="source">{rtt.model}</p>
    </>
  );
});
