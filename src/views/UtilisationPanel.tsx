import { memo } from 'react';
import { Explain } from '../components/Explain';
import type { ClusterUtilisation, Threshold, Utilisation, UtilisationRow } from '../core/types';
import { formatPct } from '../units';
import { level, shareText, usedOfLimit } from './utilisationFormat';

/** The bar's scale runs to at least 120 % so the limit line always shows. */
const scaleOf = (pct: number) => Math.min(Math.max(120, pct), 200);

/**
 * Each resource against its limit at N, after N+x and after a site
 * failure, as the core returned them (`utilisation`), with the warning
 * threshold and the 100 % limit marked; each row explains its rule.
 */
export const UtilisationPanel = memo(function UtilisationPanel({
  utilisation,
}: {
  utilisation: ClusterUtilisation;
}) {
  const { hosts_failed: x, two_sites: sites, rows } = utilisation;
  const nx = x > 0;
  return (
    <div className="table-scroll">
      <table className="utilisation" data-testid="utilisation">
        <caption>
          Bar: share of the limit. Red line: 100 %; amber line: the warning level (the capacity
          alert, the CPU and RAM ceilings set in Settings). –: no figure in that state (the ? says
          why).
        </caption>
        <thead>
          <tr>
            <th scope="col">Resource</th>
            <th scope="col">N (every host up)</th>
            {nx && <th scope="col">After N+{x}</th>}
            {sites && <th scope="col">After a site failure</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={`${r.figure}-${i}`} data-figure={r.figure}>
              <th scope="row">
                <span className="row-head">
                  <span>{r.label}</span>
                  <Explain figure={r.label} rule={r.rule} sources={r.sources} />
                </span>
              </th>
              <td>
                <Meter u={r.at_n} threshold={r.threshold} />
              </td>
              {nx && <td>{state(r, r.after_failure)}</td>}
              {sites && <td>{state(r, r.after_site_failure)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});

function state(r: UtilisationRow, u: Utilisation | undefined) {
  return u ? (
    <Meter u={u} threshold={r.threshold} />
  ) : (
    <span className="muted" title={r.rule}>
      –<span className="visually-hidden">not modelled for this state</span>
    </span>
  );
}

export function Meter({ u, threshold }: { u: Utilisation; threshold?: Threshold }) {
  const lvl = level(u, threshold);
  const text = shareText(u);
  if (u.pct === undefined) return <span className="muted">{text}</span>;
  const scale = scaleOf(u.pct);
  const at = (pct: number) => `${(Math.min(pct, scale) / scale) * 100}%`;
  return (
    <div className={`meter ${lvl}`} title={usedOfLimit(u)}>
      <div className="meter-track" aria-hidden="true">
        <div className="meter-fill" style={{ width: at(u.pct) }} />
        {threshold && (
          <div
            className="meter-threshold"
            data-pct={threshold.pct}
            title={`${threshold.label}: ${formatPct(threshold.pct)}`}
            style={{ left: at(threshold.pct) }}
          />
        )}
        <div className="meter-limit" style={{ left: at(100) }} />
      </div>
      <span className="meter-text">
        <strong>{text}</strong> <span className="meter-figures">{usedOfLimit(u)}</span>
        {lvl === 'over' && <span className="visually-hidden"> (over the limit)</span>}
        {lvl === 'warn' && threshold && (
          <span className="visually-hidden"> (past the {threshold.label})</span>
        )}
      </span>
    </div>
  );
}

/** The "?" of a chart: the rule of the utilisation row it draws, where the kind models one. */
export function ExplainFigure({
  utilisation,
  figure,
  what,
}: {
  utilisation: ClusterUtilisation;
  figure: string;
  what: string;
}) {
  const row = utilisation.rows.find((r) => r.figure === figure);
  return row ? <Explain figure={what} rule={row.rule} sources={row.sources} /> : null;
}
