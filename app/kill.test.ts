// Kills a process mid-save, many times at random points, and checks that the
// target always holds one complete version: the old one or the new one.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const saveLoop = join(import.meta.dirname, 'atomic-write.save-loop.cjs');
const compiled = join(import.meta.dirname, '..', 'dist', 'electron', 'atomic-write.js');
const KILLS = 40;
const PAD_BYTES = 2_000_000;

function runAndKill(target: string, afterMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [saveLoop, target, String(PAD_BYTES)]);
    child.once('error', reject);
    child.stdout.once('data', () => setTimeout(() => child.kill('SIGKILL'), afterMs));
    child.once('exit', () => resolve());
  });
}

describe('atomic save under SIGKILL', () => {
  it(`leaves a complete old or new file after ${KILLS} kills at random points`, async () => {
    expect(existsSync(compiled), 'run the build first (npm test does)').toBe(true);
    const target = join(mkdtempSync(join(tmpdir(), 'stacksizer-kill-')), 'p.stacksizer.json');
    writeFileSync(target, JSON.stringify({ version: 0, pad: '', complete: true }));
    let previous = 0;
    for (let i = 0; i < KILLS; i += 1) {
      await runAndKill(target, Math.floor(Math.random() * 40));
      const saved = JSON.parse(readFileSync(target, 'utf8')) as {
        version: number;
        complete: boolean;
        pad: string;
      };
      expect(saved.complete).toBe(true);
      expect(saved.pad.length === PAD_BYTES || saved.version === previous).toBe(true);
      previous = saved.version;
    }
  }, 120_000);
});
