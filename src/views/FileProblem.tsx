import { Button, Callout } from '@blueprintjs/core';
import { useApp } from '../store/context';

/** Why a file was refused, field by field. The open project is untouched. */
export function FileProblem() {
  const problem = useApp((s) => s.fileProblem);
  const showFileProblem = useApp((s) => s.showFileProblem);
  if (!problem) return null;
  return (
    <Callout
      className="file-problem"
      intent="danger"
      role="alertdialog"
      aria-labelledby="file-problem-heading"
    >
      <h2 id="file-problem-heading" className="callout-title">
        {problem.fileName} was not opened or imported
      </h2>
      <p>Nothing was changed. Fix these fields in the file and open it again:</p>
      <ul>
        {problem.issues.map((issue, i) => (
          <li key={`${i}:${issue.message}`}>{issue.message}</li>
        ))}
      </ul>
      <Button text="Close" icon="cross" size="small" onClick={() => showFileProblem(null)} />
    </Callout>
  );
}
