// @vitest-environment jsdom
import { Classes } from '@blueprintjs/core';
import { describe, expect, it } from 'vitest';
import { followOsTheme } from './theme';

function fakeQuery(matches: boolean) {
  const listeners: Array<() => void> = [];
  const query = {
    matches,
    addEventListener: (_: string, listener: () => void) => listeners.push(listener),
    removeEventListener: (_: string, listener: () => void) =>
      listeners.splice(listeners.indexOf(listener), 1),
  };
  return {
    query: query as unknown as MediaQueryList,
    listeners,
    set: (m: boolean) => (query.matches = m),
  };
}

describe('followOsTheme', () => {
  it('uses the dark theme when the OS asks for it and follows a change', () => {
    const body = document.createElement('body');
    const os = fakeQuery(true);
    const stop = followOsTheme(body, os.query);
    expect(body.classList.contains(Classes.DARK)).toBe(true);
    os.set(false);
    os.listeners.forEach((l) => l());
    expect(body.classList.contains(Classes.DARK)).toBe(false);
    stop();
    expect(os.listeners).toHaveLength(0);
  });
});
