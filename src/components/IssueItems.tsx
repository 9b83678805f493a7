import type { InputIssue } from '../core/types';
import { FieldLink } from './FieldLink';

/** The core's input problems as list items; one with a path jumps to its field. */
export function IssueItems({ issues }: { issues: InputIssue[] }) {
  return issues.map((issue, i) => (
    <li key={`${i}:${issue.path}`}>
      {issue.path ? <FieldLink path={issue.path}>{issue.message}</FieldLink> : issue.message}
    </li>
  ));
}
