import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeRecent, loadRecent, MAX_RECENT, saveRecent, withRecent } from './recent';

describe('recent files', () => {
  it('puts the latest first, without duplicates, keeping at most ten', () => {
    let list: string[] = [];
    for (let i = 0; i < 12; i += 1) list = withRecent(list, `/p/${i}.json`);
    list = withRecent(list, '/p/5.json');
    expect(list).toHaveLength(MAX_RECENT);
    expect(list[0]).toBe('/p/5.json');
    expect(list.filter((p) => p === '/p/5.json')).toHaveLength(1);
  });

  it('round-trips through its file and ignores a damaged one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'stacksizer-recent-'));
    const file = join(dir, 'recent.json');
    saveRecent(file, ['/a/b.json']);
    expect(loadRecent(file)).toEqual(['/a/b.json']);
    writeFileSync(file, '{"not": "a list"');
    expect(loadRecent(file)).toEqual([]);
    expect(loadRecent(join(dir, 'missing.json'))).toEqual([]);
  });

  it('shows each file by name and folder', () => {
    expect(describeRecent(['/work/x.stacksizer.json'])).toEqual([
      { fileName: 'x.stacksizer.json', folder: '/work' },
    ]);
  });
});
