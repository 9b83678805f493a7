import { describe, expect, it } from 'vitest';
import { commandForKey } from './useDocumentShortcuts';

const key = (
  k: string,
  mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }> = {},
) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  ...mods,
});

describe('command keys', () => {
  it('map Ctrl/Cmd chords to document commands', () => {
    expect(commandForKey(key('z', { ctrlKey: true }))).toBe('undo');
    expect(commandForKey(key('Z', { ctrlKey: true, shiftKey: true }))).toBe('redo');
    expect(commandForKey(key('y', { ctrlKey: true }))).toBe('redo');
    expect(commandForKey(key('s', { metaKey: true }))).toBe('save');
    expect(commandForKey(key('S', { ctrlKey: true, shiftKey: true }))).toBe('save-as');
    expect(commandForKey(key('o', { ctrlKey: true }))).toBe('open');
  });

  it('leave plain typing alone', () => {
    expect(commandForKey(key('z'))).toBeNull();
    expect(commandForKey(key('x', { ctrlKey: true }))).toBeNull();
  });
});
