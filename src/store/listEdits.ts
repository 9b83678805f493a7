// Adding, copying and removing entries of a project list named by its path.
import { getAtPath, setAtPath } from './paths';

function list(root: unknown, path: string): unknown[] {
  const value = getAtPath(root, path);
  return Array.isArray(value) ? value : [];
}

export const appendAt = <T>(root: T, path: string, item: unknown): T =>
  setAtPath(root, path, [...list(root, path), item]);

export const removeAt = <T>(root: T, path: string, index: number): T =>
  setAtPath(
    root,
    path,
    list(root, path).filter((_, i) => i !== index),
  );

/** Copies entry `index` right after itself, giving the copy `id` (and a name saying it is a copy). */
export function duplicateAt<T>(root: T, path: string, index: number, id: string): T {
  const items = list(root, path);
  const original = items[index] as Record<string, unknown> | undefined;
  if (!original) return root;
  const copy = {
    ...structuredClone(original),
    id,
    ...(typeof original.name === 'string' ? { name: `${original.name} (copy)` } : {}),
  };
  return setAtPath(root, path, [...items.slice(0, index + 1), copy, ...items.slice(index + 1)]);
}

/** An id not yet used in the list: `stem`, `stem-2`, `stem-3`, … */
export function freshId(root: unknown, path: string, stem: string): string {
  const used = new Set(list(root, path).map((item) => (item as { id?: string }).id));
  if (!used.has(stem)) return stem;
  for (let n = 2; ; n += 1) if (!used.has(`${stem}-${n}`)) return `${stem}-${n}`;
}
