import { describe, expect, it } from 'vitest';
import type { MenuCommand } from '../platform';
import { CHORDS, chordLabel } from './shortcuts';
import { commandForKey } from './useDocumentShortcuts';

describe('menu shortcut labels', () => {
  it('name chords the keyboard hook runs as the same command', () => {
    for (const [command, chord] of Object.entries(CHORDS) as [
      MenuCommand,
      (typeof CHORDS)['open'],
    ][]) {
      if (!chord) continue;
      const event = {
        key: chord.shift ? chord.key.toUpperCase() : chord.key.toLowerCase(),
        ctrlKey: true,
        metaKey: false,
        shiftKey: chord.shift,
      };
      expect(commandForKey(event), command).toBe(command);
    }
  });

  it('read as desktop menus write them', () => {
    expect(chordLabel({ shift: true, key: 'S' }, false)).toBe('Ctrl+Shift+S');
    expect(chordLabel({ shift: false, key: 'Z' }, true)).toBe('⌘Z');
  });
});
