import * as nodeFs from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** The file-system calls a save makes; tests inject failures through it. */
export type SaveFs = Pick<
  typeof nodeFs,
  | 'openSync'
  | 'writeFileSync'
  | 'fsyncSync'
  | 'closeSync'
  | 'renameSync'
  | 'copyFileSync'
  | 'rmSync'
  | 'statSync'
  | 'chmodSync'
  | 'realpathSync'
>;

export interface SaveOptions {
  fs?: SaveFs;
  platform?: NodeJS.Platform;
}

/**
 * Writes `content` so that `target` always holds either its old or its new
 * complete content, and its previous version is kept as `<name>.bak`:
 * the new content goes to a temporary file in the same folder and is
 * fsynced; the old file is copied to a temporary backup that is renamed
 * over `.bak`; only then is the new content renamed over the target. A
 * failure at any step (read-only folder, full disk) removes what this save
 * created and leaves the previous file and `.bak` as they were.
 *
 * A symlink stays a link (its target file is written), and the file keeps
 * its permissions.
 */
export function writeFileAtomic(
  target: string,
  content: string | Uint8Array,
  { fs = nodeFs, platform = process.platform }: SaveOptions = {},
): void {
  const file = linkTarget(fs, target);
  const mode = existingMode(fs, file);
  const temp = tempPath(file);
  try {
    writeDurably(fs, temp, content);
    if (mode !== null) {
      if (platform !== 'win32') fs.chmodSync(temp, mode);
      keepBackup(fs, file);
    }
    fs.renameSync(temp, file);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw error;
  }
  syncFolder(fs, dirname(file), platform);
}

function tempPath(file: string): string {
  return join(dirname(file), `.${basename(file)}.${process.pid}.${Date.now()}.tmp`);
}

/** Saving through a symlink writes the file it points to, so the link survives. */
function linkTarget(fs: SaveFs, target: string): string {
  try {
    return fs.realpathSync(target);
  } catch {
    return target;
  }
}

function existingMode(fs: SaveFs, file: string): number | null {
  try {
    return fs.statSync(file).mode & 0o7777;
  } catch {
    return null;
  }
}

function writeDurably(fs: SaveFs, path: string, content: string | Uint8Array): void {
  // 'wx': never follow or reuse a file someone else left at the temp path.
  const fd = fs.openSync(path, 'wx');
  try {
    fs.writeFileSync(fd, content);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Replaces `<file>.bak` with the current file in one rename, never half-written. */
function keepBackup(fs: SaveFs, file: string): void {
  const backup = `${file}.bak`;
  const temp = tempPath(backup);
  try {
    fs.copyFileSync(file, temp, nodeFs.constants.COPYFILE_EXCL);
    const fd = fs.openSync(temp, 'r+');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temp, backup);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw error;
  }
}

/**
 * Makes the renames durable where the OS allows it. Windows cannot open a
 * folder for fsync (EPERM; write-file-atomic and VS Code skip it there
 * too), and some file systems refuse it: the file is already saved by then,
 * so a refusal must not turn a good save into a reported failure.
 */
function syncFolder(fs: SaveFs, folder: string, platform: NodeJS.Platform): void {
  if (platform === 'win32') return;
  let fd: number;
  try {
    fd = fs.openSync(folder, 'r');
  } catch {
    return;
  }
  try {
    fs.fsyncSync(fd);
  } catch {
    // Durability of the rename is best effort; the content is complete.
  } finally {
    fs.closeSync(fd);
  }
}
