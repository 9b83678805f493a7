import { useApp } from '../store/context';

/** The last file action that failed and why; the document is as it was before it. */
export function FailureBanner() {
  const failure = useApp((s) => s.failure);
  const showFailure = useApp((s) => s.showFailure);
  if (!failure) return null;
  return (
    <section className="panel failure" role="alert" aria-labelledby="failure-heading">
      <h2 id="failure-heading">{failure.action} failed</h2>
      <p>{failure.reason}</p>
      <button type="button" onClick={() => showFailure(null)}>
        Dismiss
      </button>
    </section>
  );
}
