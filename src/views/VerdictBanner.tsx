import { Callout, Tag } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import { FieldLink } from '../components/FieldLink';
import type { Verdict } from '../core/types';
import { useApp } from '../store/context';
import { VERDICT_INTENT, VERDICT_LABEL } from './VerdictTag';

const ICON: Record<Verdict['status'], IconName> = {
  pass: 'tick-circle',
  pass_with_warnings: 'warning-sign',
  fail: 'error',
};

/**
 * The project's verdict as the core decided it, and the one constraint
 * that binds first, by how much, with its source; it jumps to its field.
 */
export function VerdictBanner() {
  const verdict = useApp((s) => s.evaluation?.verdict);
  if (!verdict) return null;
  const [label, icon] = [VERDICT_LABEL[verdict.status], ICON[verdict.status]];
  const intent = VERDICT_INTENT[verdict.status];
  const binding = verdict.binding;
  return (
    <Callout
      className="verdict-banner"
      intent={intent}
      icon={icon}
      role="region"
      aria-label="Verdict"
      data-testid="verdict-banner"
    >
      <Tag intent={intent} size="large" className="verdict" data-testid="verdict">
        {label}
      </Tag>
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
    </Callout>
  );
}
