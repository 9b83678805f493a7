import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { RecentFile } from './api';
import { writeFileAtomic } from './atomic-write';

export const MAX_RECENT = 10;

export function withRecent(list: string[], path: string): string[] {
  return [path, ...list.filter((p) => p !== path)].slice(0, MAX_RECENT);
}

/** The saved list; anything unreadable or malformed counts as empty. */
export function loadRecent(file: string): string[] {
  if (!existsSync(file)) return [];
  try {
    const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return Array.isArray(value)
      ? value.filter((p): p is string => typeof p === 'string').slice(0, MAX_RECENT)
      : [];
  } catch {
    return [];
  }
}

export function saveRecent(file: string, list: string[]): void {
  writeFileAtomic(file, JSON.stringify(list));
}

export const describeRecent = (list: string[]): RecentFile[] =>
  list.map((path) => ({ fileName: basename(path), folder: dirname(path) }));
