import { Tag, type Intent } from '@blueprintjs/core';
import { memo, useDeferredValue } from 'react';
import type { Finding } from '../core/types';
import { FieldLink } from '../components/FieldLink';
import { StaticTag } from '../components/StaticTag';
import { useApp } from '../store/context';

const SEVERITY: Record<Finding['severity'], { label: string; intent: Intent }> = {
  error: { label: 'Error', intent: 'danger' },
  warning: { label: 'Warning', intent: 'warning' },
  info: { label: 'Info', intent: 'primary' },
};

/** Every finding with its source; one with a path jumps to the field behind it. */
export function FindingsPanel() {
  // Below the dashboard: it follows the deferred render, like the charts.
  const evaluation = useDeferredValue(useApp((s) => s.evaluation));
  if (!evaluation) return null;
  const { findings } = evaluation;
  const { errors, warnings } = evaluation.verdict.counts;
  return (
    <section className="panel findings" aria-labelledby="findings-heading">
      <h2 id="findings-heading">
        Findings{' '}
        <Tag
          minimal
          intent={errors > 0 ? 'danger' : 'success'}
          className="finding-count"
          data-testid="finding-count"
        >
          {/* One string, not JSX pieces: Blueprint's Tag measures its text (a forced layout)
              whenever its children change, and pieces are new on every render. */}
          {`${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`}
        </Tag>
      </h2>
      {findings.length === 0 && <p className="muted">No findings.</p>}
      <ul>
        {findings.map((f, i) => (
          <FindingRow key={`${f.code}:${i}`} finding={f} />
        ))}
      </ul>
    </section>
  );
}

/** One finding; an edit that leaves it as it was (the same object, see shareUnchanged) skips it. */
const FindingRow = memo(function FindingRow({ finding: f }: { finding: Finding }) {
  return (
    <li className={`finding ${f.severity}`} data-code={f.code}>
      <StaticTag intent={SEVERITY[f.severity].intent} className="severity">
        {SEVERITY[f.severity].label}
      </StaticTag>
      {f.path ? <FieldLink path={f.path}>{f.message}</FieldLink> : <span>{f.message}</span>}
      <span className="source">Source: {f.source}</span>
    </li>
  );
});
