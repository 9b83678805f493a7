import type { InputIssue } from '../core/types';
import { isProjectPath } from '../store/uiSlice';
import { FieldLink } from './FieldLink';

/** The core's input problems as list items; one on a project field jumps to it. */
export function IssueItems({ issues }: { issues: InputIssue[] }) {
  return issues.map((issue, i) => (
    <li key={`${i}:${issue.path}`}>
      {isProjectPath(issue.path) ? (
        <FieldLink path={issue.path}>{issue.message}</FieldLink>
      ) : (
        issue.message
      )}
    </li>
  ));
}
