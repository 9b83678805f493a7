import { Tag, type Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { VerdictStatus } from '../core/types';

/** The intent of a verdict wherever it shows: the banner, Compare, Recommend. */
export const VERDICT_INTENT: Record<VerdictStatus, Intent> = {
  pass: 'success',
  pass_with_warnings: 'warning',
  fail: 'danger',
};

/** A verdict in words wherever it shows. */
export const VERDICT_LABEL: Record<VerdictStatus, string> = {
  pass: 'Pass',
  pass_with_warnings: 'Pass with warnings',
  fail: 'Fails',
};

/** A verdict as a chip coloured by its status; the text says it in words too. */
export function VerdictTag({ status, children }: { status: VerdictStatus; children: ReactNode }) {
  return (
    <Tag minimal multiline intent={VERDICT_INTENT[status]} className="verdict-tag">
      {children}
    </Tag>
  );
}
