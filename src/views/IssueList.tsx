import { Classes, Intent } from '@blueprintjs/core';
import { classes } from '../components/FieldFrame';
import { IssueItems } from '../components/IssueItems';
import { useApp } from '../store/context';

/** Every input problem the core reported, and a core failure if any. */
export function IssueList() {
  const issues = useApp((s) => s.issues);
  const coreError = useApp((s) => s.coreError);
  if (issues.length === 0 && !coreError) return null;
  return (
    <section
      className={classes(Classes.CALLOUT, Classes.intentClass(Intent.DANGER), 'issues')}
      aria-labelledby="issues-heading"
    >
      <h2 id="issues-heading" className={Classes.HEADING}>
        Input problems
      </h2>
      <ul>
        {coreError && <li data-testid="core-error">The sizing core failed: {coreError}</li>}
        <IssueItems issues={issues} />
      </ul>
    </section>
  );
}
