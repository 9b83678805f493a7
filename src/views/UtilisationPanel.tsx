import { memo } from 'react';
import { Explain } from '../components/Explain';
import type {
  ClusterUtilisation,
  Judgement,
  Line,
  Utilisation,
  UtilisationRow,
} from '../core/types';
import { pctText, shareText, usedOfLimit } from './utilisationFormat';

/** The bar's scale runs to at least 120 % so a line at the limit always shows. */
const scaleOf = (pct: number) => Math.min(Math.max(120, pct), 200);

/**
 * Each resource against its limit at N, after N+x and after a site
 * failure, as the core returned them (`utilisation`), each meter coloured
 * by the core's judgement of that column (`judged`: the findings'
 * predicates) with the lines its findings draw there, and no line where no
 * finding judges the figure; each row explains its rule.
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
          Bar: share of the limit. Red line: past it an error fails the design; amber line: past it
          a warning fires (the capacity alert, the CPU and RAM ceilings set in Settings). No line:
          no finding judges that figure in that state. Amber or red bar: a finding fires. –: no
          figure in that state (the ? says why).
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
                <Meter u={r.at_n} judgement={r.judged.at_n} />
              </td>
              {nx && <td>{state(r, 'after_failure')}</td>}
              {sites && <td>{state(r, 'after_site_failure')}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});

function state(r: UtilisationRow, column: 'after_failure' | 'after_site_failure') {
  const u = r[column];
  const judgement = r.judged[column];
  // The core names the failure where the column plays another than N+x.
  const failure = column === 'after_failure' ? r.failure : undefined;
  return u && judgement ? (
    <Meter u={u} judgement={judgement} failure={failure} />
  ) : (
    <span className="muted" title={r.rule}>
      –<span className="visually-hidden">not modelled for this state</span>
    </span>
  );
}

/** A line as the core drew it: its position, its level's colour, what fires past it. */
function MeterLine({
  line,
  kind,
  at,
}: {
  line: Line;
  kind: 'threshold' | 'limit';
  at: (pct: number) => string;
}) {
  return (
    <div
      className={`meter-line meter-${kind} ${line.level}`}
      data-pct={line.pct}
      data-finding={line.finding}
      title={`${line.label}: ${pctText(line.pct)} (past it: ${line.finding})`}
      style={{ left: at(line.pct) }}
    />
  );
}

export function Meter({
  u,
  judgement,
  failure,
}: {
  u: Utilisation;
  judgement: Judgement;
  failure?: string;
}) {
  const { level: lvl, threshold, limit } = judgement;
  // The line whose finding warns: the ceiling below the limit, or the limit itself.
  const warned = [threshold, limit].find((l) => l?.level === 'warn');
  const text = shareText(u);
  if (u.pct === undefined) return <span className="muted">{text}</span>;
  const scale = scaleOf(u.pct);
  const at = (pct: number) => `${(Math.min(pct, scale) / scale) * 100}%`;
  return (
    <div className={`meter ${lvl}`} title={usedOfLimit(u)}>
      <div className="meter-track" aria-hidden="true">
        <div className="meter-fill" style={{ width: at(u.pct) }} />
        {threshold && <MeterLine line={threshold} kind="threshold" at={at} />}
        {limit && <MeterLine line={limit} kind="limit" at={at} />}
      </div>
      <span className="meter-text">
        <strong>{text}</strong> <span className="meter-figures">{usedOfLimit(u)}</span>
        {failure && <span className="meter-figures">after {failure}</span>}
        {lvl === 'over' && <span className="visually-hidden"> (an error: over the limit)</span>}
        {lvl === 'warn' && (
          <span className="visually-hidden">
            {warned ? ` (a warning: past the ${warned.label})` : ' (a warning)'}
          </span>
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
