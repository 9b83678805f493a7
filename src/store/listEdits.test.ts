import { describe, expect, it } from 'vitest';
import { appendAt, duplicateAt, freshId, removeAt } from './listEdits';

const root = { policies: [{ id: 'p', name: 'Mirror', ftt: 1 }] };

describe('list edits', () => {
  it('appends, duplicates with a fresh id, and removes', () => {
    const two = appendAt(root, 'policies', { id: 'q', name: 'EC', ftt: 1 });
    expect(two.policies.map((p) => p.id)).toEqual(['p', 'q']);
    const copied = duplicateAt(two, 'policies', 0, freshId(two, 'policies', 'p'));
    expect(copied.policies.map((p) => [p.id, p.name])).toEqual([
      ['p', 'Mirror'],
      ['p-2', 'Mirror (copy)'],
      ['q', 'EC'],
    ]);
    expect(removeAt(copied, 'policies', 1).policies.map((p) => p.id)).toEqual(['p', 'q']);
    expect(root.policies).toHaveLength(1);
  });
});
