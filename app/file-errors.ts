import { basename, dirname } from 'node:path';

/** What each file-system error means to someone saving or opening a file. */
const REASONS: Record<string, string> = {
  ENOENT: 'the file or its folder does not exist (moved, renamed or deleted?)',
  EACCES: 'permission denied (a read-only file or folder, or one owned by another user)',
  EPERM: 'the operation was not permitted (the file may be read-only or open in another program)',
  EROFS: 'the disk is read-only',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EISDIR: 'that is a folder, not a file',
  ENOTDIR: 'a part of the path is not a folder',
  EBUSY: 'the file is in use by another program',
  EMFILE: 'too many files are open; close some programs and try again',
  ENAMETOOLONG: 'the path is too long',
};

export type FileAction = 'save' | 'open' | 'remove';

const VERB: Record<FileAction, string> = { save: 'save', open: 'open', remove: 'remove' };

/**
 * An error naming the file, its folder and the reason in plain words, with
 * the system's code kept at the end for support. A failed save says that
 * the previous version was left as it was (writeFileAtomic guarantees it).
 */
export function fileFailure(action: FileAction, path: string, error: unknown): Error {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const known = code !== undefined ? REASONS[code] : undefined;
  const reason = known
    ? `${known} (${code})`
    : error instanceof Error
      ? error.message
      : String(error);
  const kept = action === 'save' ? ' The previous version, if any, is unchanged.' : '';
  return new Error(
    `Could not ${VERB[action]} ${basename(path)} in ${dirname(path)}: ${reason}.${kept}`,
    { cause: error },
  );
}

/** Runs one file operation, turning its failure into a `fileFailure`. */
export async function onFile<T>(
  action: FileAction,
  path: string,
  operation: () => T | Promise<T>,
): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw fileFailure(action, path, error);
  }
}
