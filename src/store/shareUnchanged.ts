// Structural sharing between two answers of the core: every part of `next`
// that equals the same part of `previous` is replaced by the previous
// object, so memoised views of unchanged results (a chart whose figures an
// edit did not move) keep their props and skip rendering.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Plain objects only: anything else (a Map, a typed array) is never shared. */
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' &&
  v !== null &&
  (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null);

/** `next`, with each subtree deep-equal to `previous`'s reusing `previous`'s object. */
export function shareUnchanged<T>(previous: T, next: T): T {
  return share(previous as Json, next as Json) as T;
}

function share(previous: Json, next: Json): Json {
  if (Object.is(previous, next)) return previous;
  if (Array.isArray(previous) && Array.isArray(next)) {
    let same = previous.length === next.length;
    const items = next.map((item, i) => {
      const shared = i < previous.length ? share(previous[i] as Json, item) : item;
      if (shared !== previous[i]) same = false;
      return shared;
    });
    return same ? previous : items;
  }
  if (isObject(previous) && isObject(next)) {
    const keys = Object.keys(next);
    let same = keys.length === Object.keys(previous).length;
    const result: Record<string, Json> = {};
    for (const key of keys) {
      const shared = key in previous ? share(previous[key] as Json, next[key] as Json) : next[key];
      if (shared !== previous[key]) same = false;
      result[key] = shared as Json;
    }
    return same ? previous : result;
  }
  return next;
}
