import {
  closeSync,
  fsyncSync,
  openSync,
  renameSync,
  writeFileSync,
  copyFileSync,
  existsSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Writes `text` so that `target` always holds either its old or its new
 * complete content: temporary file in the same folder, fsync, rename over
 * the target. The previous version is kept as `<name>.bak`.
 */
export function writeFileAtomic(target: string, text: string | Uint8Array): void {
  const dir = dirname(target);
  const temp = join(dir, `.${basename(target)}.${process.pid}.${Date.now()}.tmp`);
  const fd = openSync(temp, 'w', 0o644);
  try {
    writeFileSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  if (existsSync(target)) copyFileSync(target, `${target}.bak`);
  renameSync(temp, target);
  const dirFd = openSync(dir, 'r');
  try {
    fsyncSync(dirFd);
  } finally {
    closeSync(dirFd);
  }
}
