// Reading and immutably writing a project field by the JSON path the core
// uses in its messages (`clusters[0].host.ram_gb`), so every input, issue
// and finding speaks of a field the same way.

type Segment = string | number;

export function parsePath(path: string): Segment[] {
  const segments: Segment[] = [];
  for (const part of path.split('.')) {
    const [key, ...indices] = part.split('[');
    if (key) segments.push(key);
    for (const index of indices) segments.push(Number(index.replace(']', '')));
  }
  return segments;
}

export function getAtPath(root: unknown, path: string): unknown {
  let value: unknown = root;
  for (const segment of parsePath(path)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<Segment, unknown>)[segment];
  }
  return value;
}

/** A copy of `root` with the field at `path` set; every object on the way is copied (or created when absent), nothing else. */
export function setAtPath<T>(root: T, path: string, value: unknown): T {
  const segments = parsePath(path);
  const write = (node: unknown, depth: number): unknown => {
    const segment = segments[depth];
    if (segment === undefined) return value;
    if (typeof segment === 'number') {
      if (!Array.isArray(node) || segment >= node.length) {
        throw new RangeError(`${path}: no element ${segment}`);
      }
      return node.map((item, i) => (i === segment ? write(item, depth + 1) : item));
    }
    // A group the file left out (e.g. `settings.resilience`) starts empty: the
    // core fills every field it still lacks with its default.
    const parent = node === undefined ? {} : node;
    if (parent === null || typeof parent !== 'object') {
      throw new TypeError(`${path}: ${segment} is not inside an object`);
    }
    const record = parent as Record<string, unknown>;
    return { ...record, [segment]: write(record[segment], depth + 1) };
  };
  return write(root, 0) as T;
}
