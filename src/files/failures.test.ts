import { describe, expect, it } from 'vitest';
import { CoreError } from '../core/client';
import type { AppStore } from '../store';
import { attempt, type Failure } from './failures';

function storeRecording() {
  const shown: (Failure | null)[] = [];
  const store = {
    getState: () => ({ showFailure: (f: Failure | null) => shown.push(f) }),
  } as unknown as AppStore;
  return { store, shown };
}

describe('attempt', () => {
  it('shows refused input field by field', async () => {
    const { store, shown } = storeRecording();
    const issue = {
      path: 'clusters[0].topology.host_count',
      message: 'clusters[0].topology.host_count must be between 1 and 64 (got 0)',
    };
    const ok = await attempt(store, 'Exporting the XLSX report', () =>
      Promise.reject(new CoreError('invalid', issue.message, [issue])),
    );
    expect(ok).toBe(false);
    expect(shown).toEqual([
      { action: 'Exporting the XLSX report', reason: issue.message, issues: [issue] },
    ]);
  });

  it('shows any other failure by its reason alone', async () => {
    const { store, shown } = storeRecording();
    await attempt(store, 'Saving a.json', () => Promise.reject(new Error('disk full')));
    expect(shown).toEqual([{ action: 'Saving a.json', reason: 'disk full' }]);
  });
});
