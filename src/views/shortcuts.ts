import type { MenuCommand } from '../platform';

/** A key chord as the keyboard hook reads it: Ctrl (Cmd on a Mac), maybe Shift, and a key. */
export interface Chord {
  shift: boolean;
  key: string;
}

/**
 * The chord each document command answers to in the window (see
 * `commandForKey`), shown beside it in the menus. Commands absent here have
 * no chord: the browser keeps Ctrl+N and friends for itself.
 */
export const CHORDS: Partial<Record<MenuCommand, Chord>> = {
  open: { shift: false, key: 'O' },
  save: { shift: false, key: 'S' },
  'save-as': { shift: true, key: 'S' },
  undo: { shift: false, key: 'Z' },
  redo: { shift: true, key: 'Z' },
};

/** "Ctrl+Shift+S", or "⌘⇧S" on a Mac, as desktop menus write them. */
export function chordLabel(chord: Chord, mac: boolean): string {
  if (mac) return `⌘${chord.shift ? '⇧' : ''}${chord.key}`;
  return `Ctrl+${chord.shift ? 'Shift+' : ''}${chord.key}`;
}

export const isMac = (platform: string) => /Mac|iPhone|iPad/.test(platform);
