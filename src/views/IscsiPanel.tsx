import { memo } from 'react';
import type { ClusterIscsi, IscsiFigure } from '../core/types';
import { Figure } from './KeyFigureTiles';

const count = (n: number) => n.toLocaleString('en-US');
const ofLimit = (used: number, limit: number) => `${count(used)} of ${count(limit)}`;

/** Sessions are counted on the busiest host; after N+x and in all say the rest. */
function sessionsNote(f: IscsiFigure, iscsi: ClusterIscsi, hostsFailed: number): string {
  const after =
    f.after_failure === undefined
      ? ''
      : `${ofLimit(f.after_failure, f.limit)} after N+${hostsFailed}; `;
  return `${after}${count(iscsi.sessions)} sessions in all`;
}

/**
 * The vSAN iSCSI target service (seed 002) of a cluster that serves
 * failover clusters' shared disks: targets, LUNs and sessions against
 * their limits, as the core counted them, each with its rule and sources.
 * Nothing shows when no workload uses the service.
 */
export const IscsiPanel = memo(function IscsiPanel({
  iscsi,
  hostsFailed,
}: {
  iscsi: ClusterIscsi;
  /** N+x: the reserved host failures the sessions are counted after. */
  hostsFailed: number;
}) {
  if (iscsi.figures.length === 0) return null;
  return (
    <section aria-labelledby="iscsi-heading" data-testid="iscsi">
      <h3 id="iscsi-heading">iSCSI target service</h3>
      <dl className="figures">
        {iscsi.figures.map((f) => (
          <Figure key={f.figure} label={f.label} testId={`iscsi-${f.figure}`} explain={f}>
            <span className={f.exceeded ? 'bad' : undefined}>{ofLimit(f.used, f.limit)}</span>
            {f.figure === 'sessions_per_host' && (
              <small className="figure-note">{sessionsNote(f, iscsi, hostsFailed)}</small>
            )}
          </Figure>
        ))}
      </dl>
    </section>
  );
});
