import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic, type SaveFs } from './atomic-write';

const folder = () => fs.mkdtempSync(join(tmpdir(), 'stacksizer-'));

function errno(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: injected`), { code });
}

/** The real fs, except that `fail` may throw instead of one call. */
function failing(fail: (call: keyof SaveFs, args: unknown[]) => NodeJS.ErrnoException | null) {
  const calls: string[] = [];
  const wrapped = Object.fromEntries(
    (
      [
        'openSync',
        'writeFileSync',
        'fsyncSync',
        'closeSync',
        'renameSync',
        'copyFileSync',
        'rmSync',
        'statSync',
        'chmodSync',
        'realpathSync',
      ] as const
    ).map((name) => [
      name,
      (...args: unknown[]) => {
        calls.push(`${name} ${typeof args[0] === 'string' ? args[0] : ''}`);
        const error = fail(name, args);
        if (error) throw error;
        return (fs[name] as (...a: unknown[]) => unknown)(...args);
      },
    ]),
  ) as unknown as SaveFs;
  return { fs: wrapped, calls };
}

/** A project file with a previous version kept, as after two saves. */
function savedTwice() {
  const dir = folder();
  const target = join(dir, 'p.stacksizer.json');
  fs.writeFileSync(target, 'current');
  fs.writeFileSync(`${target}.bak`, 'previous');
  return { dir, target };
}

function expectUntouched(dir: string, target: string) {
  expect(fs.readFileSync(target, 'utf8')).toBe('current');
  expect(fs.readFileSync(`${target}.bak`, 'utf8')).toBe('previous');
  expect(fs.readdirSync(dir).sort()).toEqual(['p.stacksizer.json', 'p.stacksizer.json.bak']);
}

describe('writeFileAtomic', () => {
  it('writes a new file and leaves no temporary file behind', () => {
    const dir = folder();
    const target = join(dir, 'a.stacksizer.json');
    writeFileAtomic(target, '{"v":1}');
    expect(fs.readFileSync(target, 'utf8')).toBe('{"v":1}');
    expect(fs.readdirSync(dir)).toEqual(['a.stacksizer.json']);
  });

  it('replaces the file and keeps the previous version as .bak', () => {
    const { dir, target } = savedTwice();
    writeFileAtomic(target, 'new');
    expect(fs.readFileSync(target, 'utf8')).toBe('new');
    expect(fs.readFileSync(`${target}.bak`, 'utf8')).toBe('current');
    expect(fs.readdirSync(dir).sort()).toEqual(['p.stacksizer.json', 'p.stacksizer.json.bak']);
  });

  it('saves on Windows, where a folder cannot be opened for fsync', () => {
    const { target, dir } = savedTwice();
    // Windows answers EPERM when a folder is opened; the save must not ask.
    const windows = failing((call, [path]) =>
      call === 'openSync' && path === dir ? errno('EPERM') : null,
    );
    writeFileAtomic(target, 'new', { fs: windows.fs, platform: 'win32' });
    expect(fs.readFileSync(target, 'utf8')).toBe('new');
    expect(windows.calls).not.toContain(`openSync ${dir}`);
    expect(windows.calls.some((c) => c.startsWith('chmodSync'))).toBe(false);
  });

  it('reports a saved file as saved when the folder refuses fsync elsewhere', () => {
    const { target, dir } = savedTwice();
    const refusing = failing((call, [path]) =>
      call === 'openSync' && path === dir ? errno('EISDIR') : null,
    );
    writeFileAtomic(target, 'new', { fs: refusing.fs, platform: 'linux' });
    expect(fs.readFileSync(target, 'utf8')).toBe('new');
  });

  it('leaves the file and .bak intact, and no temp file, when the disk is full', () => {
    const { dir, target } = savedTwice();
    const full = failing((call) => (call === 'writeFileSync' ? errno('ENOSPC') : null));
    expect(() => writeFileAtomic(target, 'x'.repeat(1000), { fs: full.fs })).toThrow(/ENOSPC/);
    expectUntouched(dir, target);
  });

  it('leaves everything intact when the disk fills while keeping the .bak', () => {
    const { dir, target } = savedTwice();
    const full = failing((call) => (call === 'copyFileSync' ? errno('ENOSPC') : null));
    expect(() => writeFileAtomic(target, 'new', { fs: full.fs })).toThrow(/ENOSPC/);
    expectUntouched(dir, target);
  });

  it('changes nothing in a read-only folder', () => {
    const { dir, target } = savedTwice();
    const readOnly = failing((call, [, flags]) =>
      call === 'openSync' && flags === 'wx' ? errno('EACCES') : null,
    );
    expect(() => writeFileAtomic(target, 'new', { fs: readOnly.fs })).toThrow(/EACCES/);
    expectUntouched(dir, target);
  });

  it('removes its temporary file when the final rename fails', () => {
    const { dir, target } = savedTwice();
    const busy = failing((call, [, to]) =>
      call === 'renameSync' && to === target ? errno('EBUSY') : null,
    );
    expect(() => writeFileAtomic(target, 'new', { fs: busy.fs })).toThrow(/EBUSY/);
    expect(fs.readFileSync(target, 'utf8')).toBe('current');
    expect(fs.readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('keeps the file permissions', () => {
    const { target } = savedTwice();
    fs.chmodSync(target, 0o600);
    writeFileAtomic(target, 'new');
    expect(fs.statSync(target).mode & 0o777).toBe(0o600);
  });

  it('writes through a symlink and keeps the link', () => {
    const { dir, target } = savedTwice();
    const link = join(dir, 'shortcut.json');
    fs.symlinkSync(target, link);
    writeFileAtomic(link, 'through the link');
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(target, 'utf8')).toBe('through the link');
    expect(fs.readFileSync(`${target}.bak`, 'utf8')).toBe('current');
  });
});
