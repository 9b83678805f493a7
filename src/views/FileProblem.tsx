import { useApp } from '../store/context';

/** Why a file was refused, field by field. The open project is untouched. */
export function FileProblem() {
  const problem = useApp((s) => s.fileProblem);
  const showFileProblem = useApp((s) => s.showFileProblem);
  if (!problem) return null;
  return (
    <section
      className="panel file-problem"
      role="alertdialog"
      aria-labelledby="file-problem-heading"
    >
      <h2 id="file-problem-heading">{problem.fileName} was not opened or imported</h2>
      <p>Nothing was changed. Fix these fields in the file and open it again:</p>
      <ul>
        {problem.issues.map((issue, i) => (
          <li key={`${i}:${issue.message}`}>{issue.message}</li>
        ))}
      </ul>
      <button type="button" onClick={() => showFileProblem(null)}>
        Close
      </button>
    </section>
  );
}
