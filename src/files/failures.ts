// Every file action that can fail (save, open, import, export, recovery,
// catalog writes) reports its failure here, so none is silent.
import { CoreError } from '../core/client';
import type { InputIssue } from '../core/types';
import type { AppStore } from '../store';

/**
 * What failed, in the user's words ("Saving design.stacksizer.json"), and
 * why; `issues` when the core refused the input, each with its field.
 */
export interface Failure {
  action: string;
  reason: string;
  issues?: InputIssue[];
}

/**
 * The reason of an error as the user should read it. Electron wraps an error
 * thrown in the main process as "Error invoking remote method 'x': Error: …".
 */
export function failureReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^Error invoking remote method '[^']*': (\w*Error: )?/, '');
}

/**
 * Runs a file action; a failure is shown with the action and its reason and
 * never escapes as an unhandled rejection. Resolves true when it succeeded.
 */
export async function attempt(
  store: AppStore,
  action: string,
  task: () => Promise<unknown>,
): Promise<boolean> {
  try {
    await task();
    return true;
  } catch (error) {
    const issues = error instanceof CoreError ? error.issues : [];
    const reason = failureReason(error);
    store
      .getState()
      .showFailure(issues.length > 0 ? { action, reason, issues } : { action, reason });
    return false;
  }
}
