import { Button, Callout } from '@blueprintjs/core';
import { IssueItems } from '../components/IssueItems';
import { useApp } from '../store/context';

/** The last file action that failed and why; the document is as it was before it. It stays until dismissed. */
export function FailureBanner() {
  const failure = useApp((s) => s.failure);
  const showFailure = useApp((s) => s.showFailure);
  if (!failure) return null;
  return (
    <Callout className="failure" intent="danger" role="alert" aria-labelledby="failure-heading">
      <h2 id="failure-heading" className="callout-title">
        {failure.action} failed
      </h2>
      {failure.issues ? (
        <>
          <p>Fix these fields and try again:</p>
          <ul>
            <IssueItems issues={failure.issues} />
          </ul>
        </>
      ) : (
        <p>{failure.reason}</p>
      )}
      <Button text="Dismiss" icon="cross" size="small" onClick={() => showFailure(null)} />
    </Callout>
  );
}
