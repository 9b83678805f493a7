import { describe, expect, it } from 'vitest';
import example from '../../assets/examples/seed-001-all-flash-sql.json';
import type { Project } from '../core/types';
import { createAppStore } from '.';

const question = {
  title: 'Discard?',
  text: 'Unsaved changes',
  choices: [
    { value: 'keep', label: 'Keep' },
    { value: 'discard', label: 'Discard' },
  ],
};

describe('the app’s questions', () => {
  it('resolve with the choice picked and close', async () => {
    const store = createAppStore(example as Project);
    const asked = store.getState().ask(question);
    expect(store.getState().question?.title).toBe('Discard?');
    store.getState().question?.answer('discard');
    await expect(asked).resolves.toBe('discard');
    expect(store.getState().question).toBeNull();
  });

  it('dismiss an open question when another comes', async () => {
    const store = createAppStore(example as Project);
    const first = store.getState().ask(question);
    const second = store.getState().ask({ ...question, title: 'Replace?' });
    await expect(first).resolves.toBeNull();
    expect(store.getState().question?.title).toBe('Replace?');
    store.getState().question?.answer('keep');
    await expect(second).resolves.toBe('keep');
  });
});
