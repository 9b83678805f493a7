import type { Intent } from '@blueprintjs/core';
import { memo } from 'react';
import type { Finding } from '../core/types';
import { FieldLink } from '../components/FieldLink';
import { StaticTag } from '../components/StaticTag';
import { useApp } from '../store/context';
import { useAfterNextPaint } from './useAfterNextPaint';

const SEVERITY: Record<Finding['severity'], { label: string; intent: Intent }> = {
  error: { label: 'Error', intent: 'danger' },
  warning: { label: 'Warning', intent: 'warning' },
  info: { label: 'Info', intent: 'primary' },
};

/** Every finding with its source; one with a path jumps to the field behind it. */
export function FindingsPanel() {
  // Below the dashboard: it follows once the edit is painted, like the charts.
  const evaluation = useAfterNextPaint(useApp((s) => s.evaluation));
  if (!evaluation) return null;
  const { findings } = evaluation;
  const { errors, warnings } = evaluation.verdict.counts;
  return (
    <section className="panel findings" aria-labelledby="findings-heading">
      <h2 id="findings-heading">
        Findings{' '}
        <StaticTag
          intent={errors > 0 ? 'danger' : 'success'}
          className="finding-count"
          testId="finding-count"
        >
          {`${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`}
        </StaticTag>
      </h2>
      {findings.length === 0 && <p className="muted">No findings.</p>}
      <FindingList findings={findings} />
    </section>
  );
}

/** Past this many findings, rows off screen are not painted (styles.css `ul.long`). */
const LONG_LIST = 50;

/**
 * The rows, memoised on the list: the edit's own render, before the
 * deferred copy of the evaluation arrives, skips them all (a large
 * project has hundreds).
 */
const FindingList = memo(function FindingList({ findings }: { findings: Finding[] }) {
  const keys = findingKeys(findings);
  return (
    <ul className={findings.length > LONG_LIST ? 'long' : undefined}>
      {findings.map((f, i) => (
        <FindingRow key={keys[i]} finding={f} />
      ))}
    </ul>
  );
});

/**
 * A key per finding that an edit adding or removing findings of other codes
 * leaves as it was: its code and how many of that code came before it. By
 * position alone, a finding appearing at the top re-keyed every row below
 * it, and React rebuilt the whole list (hundreds of rows on a large project).
 */
export function findingKeys(findings: Finding[]): string[] {
  const seen = new Map<string, number>();
  return findings.map(({ code }) => {
    const n = seen.get(code) ?? 0;
    seen.set(code, n + 1);
    return `${code}:${n}`;
  });
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
