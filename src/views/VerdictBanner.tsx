import { FieldLink } from '../components/FieldLink';
import type { Verdict } from '../core/types';
import { useApp } from '../store/context';

const STATUS: Record<Verdict['status'], { label: string; tone: string }> = {
  pass: { label: 'Pass', tone: 'good' },
  pass_with_warnings: { label: 'Pass with warnings', tone: 'warn' },
  fail: { label: 'Fails', tone: 'bad' },
};

/**
 * The project's verdict as the core decided it, and the one constraint
 * that binds first, by how much, with its source; it jumps to its field.
 */
export function VerdictBanner() {
  const verdict = useApp((s) => s.evaluation?.verdict);
  if (!verdict) return null;
  const { label, tone } = STATUS[verdict.status];
  const binding = verdict.binding;
  return (
    <section
      className={`panel verdict-banner ${tone}`}
      aria-label="Verdict"
      data-testid="verdict-banner"
    >
      <strong className={`verdict ${tone}`} data-testid="verdict">
        {label}
      </strong>
      {binding && (
        <span className="binding" data-testid="verdict-binding">
          {verdict.status === 'fail' ? 'Binds first: ' : 'Worst warning: '}
          {binding.path ? (
            <FieldLink path={binding.path}>{binding.summary}</FieldLink>
          ) : (
            binding.summary
          )}
          <span className="source">Source: {binding.source}</span>
        </span>
      )}
      {!binding && (
        <span className="binding">The design runs its workloads within every rule.</span>
      )}
    </section>
  );
}
