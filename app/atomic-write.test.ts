import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic } from './atomic-write';

describe('writeFileAtomic', () => {
  it('writes a new file and leaves no temporary file behind', () => {
    const dir = mkdtempSync(join(tmpdir(), 'stacksizer-'));
    const target = join(dir, 'a.stacksizer.json');
    writeFileAtomic(target, '{"v":1}');
    expect(readFileSync(target, 'utf8')).toBe('{"v":1}');
    expect(readdirSync(dir)).toEqual(['a.stacksizer.json']);
  });

  it('replaces the file and keeps the previous version as .bak', () => {
    const dir = mkdtempSync(join(tmpdir(), 'stacksizer-'));
    const target = join(dir, 'a.json');
    writeFileSync(target, 'old');
    writeFileAtomic(target, 'new');
    expect(readFileSync(target, 'utf8')).toBe('new');
    expect(readFileSync(`${target}.bak`, 'utf8')).toBe('old');
  });
});
