import { Button, Callout } from '@blueprintjs/core';
import { attempt } from '../files/failures';
import { restoreRecovery } from '../files/recovery';
import { useServices } from '../services';
import { useApp } from '../store/context';

/** Offers the autosaved copy left by a session that ended without saving. */
export function RecoveryBanner() {
  const { store, core, platform } = useServices();
  const offer = useApp((s) => s.recoveryOffer);
  const setRecoveryOffer = useApp((s) => s.setRecoveryOffer);
  const showFileProblem = useApp((s) => s.showFileProblem);
  if (!offer) return null;
  const when = new Date(offer.savedAt).toLocaleString();
  return (
    <Callout
      className="recovery"
      intent="primary"
      icon="history"
      role="alertdialog"
      aria-labelledby="recovery-heading"
    >
      <h2 id="recovery-heading" className="callout-title">
        Restore unsaved work?
      </h2>
      <p>
        StackSizer autosaved {offer.fileName ?? 'an untitled project'} at {when}, but it was never
        saved to its file.
      </p>
      <div className="panel-actions">
        <Button
          intent="primary"
          icon="history"
          text="Restore"
          onClick={() =>
            attempt(store, 'Restoring the recovery copy', async () => {
              const issues = await restoreRecovery(store, core, platform, offer);
              setRecoveryOffer(null);
              if (issues.length > 0) showFileProblem({ fileName: 'The recovery copy', issues });
            })
          }
        />
        <Button
          icon="trash"
          text="Discard"
          onClick={() => {
            setRecoveryOffer(null);
            return attempt(store, 'Discarding the recovery copy', () =>
              platform.discardRecovery(offer.sessionId),
            );
          }}
        />
      </div>
    </Callout>
  );
}
