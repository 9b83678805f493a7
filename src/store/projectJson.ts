// A project's JSON for the core on every edit, without stringifying what
// the edit left as it was. Edits are pure functions that keep unchanged
// parts as the same objects (undo and `shareUnchanged` rely on it too), so
// a part's text can be kept by identity: an edit of a 2,000-workload
// project restringifies the one cluster or workload it changed, not the
// 700 KB (4-7 ms per edit, docs/performance.md).

/** Each part's JSON text, for as long as the part is alive. */
const texts = new WeakMap<object, string>();

/** Levels below the project whose parts are stringified on their own: its lists, then their items. */
const SHARED_LEVELS = 2;

/** `JSON.stringify(project)`, the same text, reusing each unchanged part's. */
export function projectJson(project: object): string {
  return json(project, SHARED_LEVELS);
}

/** What `JSON.stringify` leaves out of an object and writes as `null` in an array. */
const unwritten = (value: unknown) =>
  value === undefined || typeof value === 'function' || typeof value === 'symbol';

function json(value: unknown, levels: number): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  if (levels === 0) return kept(value);
  const below = levels - 1;
  if (Array.isArray(value)) {
    return `[${value.map((item) => (unwritten(item) ? 'null' : json(item, below))).join(',')}]`;
  }
  const fields = Object.entries(value)
    .filter(([, field]) => !unwritten(field))
    .map(([key, field]) => `${JSON.stringify(key)}:${json(field, below)}`);
  return `{${fields.join(',')}}`;
}

function kept(part: object): string {
  let text = texts.get(part);
  if (text === undefined) {
    text = JSON.stringify(part);
    texts.set(part, text);
  }
  return text;
}
