// Main-process handlers. Paths come only from dialogs the user answered;
// the renderer never names a path, and every payload is checked.
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { BrowserWindow, Dialog, IpcMain, IpcMainInvokeEvent } from 'electron';
import {
  CATALOG_FILE_NAME,
  CHANNELS,
  CSV_FILE_NAME,
  CSV_FOLDER_NAME,
  MAX_CATALOG_BYTES,
  MAX_PROJECT_BYTES,
  MAX_REPORT_BYTES,
  SESSION_ID,
  type CsvTable,
  type RecoveryCopyFile,
  type ProjectFile,
  type SaveResult,
} from './api';
import { writeFileAtomic } from './atomic-write';
import { onFile } from './file-errors';
import { describeRecent, loadRecent, saveRecent, withRecent } from './recent';

const PROJECT_FILTERS = [{ name: 'StackSizer project', extensions: ['stacksizer.json', 'json'] }];

export interface IpcDeps {
  ipcMain: IpcMain;
  dialog: Dialog;
  window: () => BrowserWindow | null;
  appVersion: string;
  /** The folder of autosaved recovery copies (one per window session), in the app's data folder. */
  recoveryDir: string;
  /** Where the user's catalog is kept, in the app's own data folder. */
  userCatalogPath: string;
  /** Where the recent-files list is kept. */
  recentPath: string;
  /** Tells the OS about a recent document (jump lists, dock menus). */
  addRecentDocument: (path: string) => void;
  /** Only frames loaded from here may call the main process. */
  rendererUrl: string;
  onUnsavedChanges: (unsaved: boolean) => void;
}

/** A sender is trusted only when it is the app's own renderer page. */
export function isTrustedSender(senderUrl: string | undefined, rendererUrl: string): boolean {
  return senderUrl !== undefined && senderUrl.split('#')[0] === rendererUrl;
}

function projectText(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new TypeError(`${what} must be a string`);
  if (Buffer.byteLength(value, 'utf8') > MAX_PROJECT_BYTES) {
    throw new RangeError(`${what} is larger than ${MAX_PROJECT_BYTES} bytes`);
  }
  return value;
}

function flag(value: unknown, what: string): boolean {
  if (typeof value !== 'boolean') throw new TypeError(`${what} must be true or false`);
  return value;
}

function reportBytes(value: unknown): Uint8Array {
  if (!(value instanceof Uint8Array)) throw new TypeError('the report must be bytes');
  if (value.byteLength > MAX_REPORT_BYTES) {
    throw new RangeError(`the report is larger than ${MAX_REPORT_BYTES} bytes`);
  }
  return value;
}

function csvTables(value: unknown): CsvTable[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > 100) {
    throw new TypeError('the CSV export must be 1 to 100 tables');
  }
  let total = 0;
  return value.map((table: unknown) => {
    const { fileName, text } = (table ?? {}) as Partial<CsvTable>;
    if (typeof fileName !== 'string' || !CSV_FILE_NAME.test(fileName)) {
      throw new TypeError(
        `a CSV table needs a plain file name ending in .csv (got ${String(fileName)})`,
      );
    }
    if (typeof text !== 'string') throw new TypeError(`${fileName}: the table must be text`);
    total += Buffer.byteLength(text, 'utf8');
    if (total > MAX_REPORT_BYTES)
      throw new RangeError(`the CSV tables exceed ${MAX_REPORT_BYTES} bytes`);
    return { fileName, text };
  });
}

function csvFolderName(value: unknown): string {
  if (typeof value !== 'string' || !CSV_FOLDER_NAME.test(value) || value.endsWith('.')) {
    throw new TypeError(`a CSV export needs a plain folder name (got ${String(value)})`);
  }
  return value;
}

/** Creates `name` in `parent`, or `name (2)`, `name (3)`… when taken; returns its path. */
function newFolder(parent: string, name: string): string {
  for (let n = 1; n <= 1000; n += 1) {
    const path = join(parent, n === 1 ? name : `${name} (${n})`);
    try {
      mkdirSync(path);
      return path;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  throw new Error(`${name} (1000) exists too; pick another folder`);
}

const RECOVERY_SUFFIX = '.stacksizer.json';

function recoveryFile(recoveryDir: string, sessionId: unknown): string {
  if (typeof sessionId !== 'string' || !SESSION_ID.test(sessionId)) {
    throw new TypeError(`a window session id must be 1 to 64 letters, digits, _ or -`);
  }
  return join(recoveryDir, `${sessionId}${RECOVERY_SUFFIX}`);
}

async function readRecoveryCopies(recoveryDir: string): Promise<RecoveryCopyFile[]> {
  if (!existsSync(recoveryDir)) return [];
  const names = await onFile('open', recoveryDir, () => readdirSync(recoveryDir));
  const copies: RecoveryCopyFile[] = [];
  for (const name of names) {
    const sessionId = name.slice(0, -RECOVERY_SUFFIX.length);
    if (!name.endsWith(RECOVERY_SUFFIX) || !SESSION_ID.test(sessionId)) continue;
    copies.push({ sessionId, text: await readProjectFile(join(recoveryDir, name)) });
  }
  return copies;
}

function catalogText(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new TypeError(`${what} must be text`);
  if (Buffer.byteLength(value, 'utf8') > MAX_CATALOG_BYTES) {
    throw new RangeError(`${what} is larger than ${MAX_CATALOG_BYTES} bytes`);
  }
  return value;
}

/**
 * The kept user catalog must at least be a catalog-shaped JSON object; the
 * core checked every field before the renderer sent it.
 */
function userCatalogText(value: unknown): string | null {
  if (value === null) return null;
  const text = catalogText(value, 'the user catalog');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new TypeError('the user catalog must be JSON');
  }
  const { schema_version, parts } = (parsed ?? {}) as { schema_version?: unknown; parts?: unknown };
  if (typeof schema_version !== 'number' || !Array.isArray(parts)) {
    throw new TypeError('the user catalog must be a catalog object with schema_version and parts');
  }
  return text;
}

function catalogFileName(value: unknown): string {
  if (typeof value !== 'string' || !CATALOG_FILE_NAME.test(value)) {
    throw new TypeError(
      `a catalog export needs a plain file name ending in .csv or .json (got ${String(value)})`,
    );
  }
  return value;
}

async function readProjectFile(path: string): Promise<string> {
  const { size } = await onFile('open', path, () => stat(path));
  if (size > MAX_PROJECT_BYTES) {
    throw new RangeError(
      `${basename(path)} is ${size} bytes; project files may be at most ${MAX_PROJECT_BYTES} bytes`,
    );
  }
  return onFile('open', path, () => readFile(path, 'utf8'));
}

/** Saves atomically; a failure names the file and the reason. */
const save = (path: string, content: string | Uint8Array) =>
  onFile('save', path, () => writeFileAtomic(path, content));

export function registerIpc(deps: IpcDeps): void {
  const { ipcMain, dialog, window, appVersion, recoveryDir, rendererUrl, recentPath } = deps;
  const { userCatalogPath } = deps;
  let currentPath: string | null = null;
  let recent = loadRecent(recentPath);
  const remember = (path: string) => {
    currentPath = path;
    recent = withRecent(recent, path);
    saveRecent(recentPath, recent);
    deps.addRecentDocument(path);
  };

  const handle = (channel: string, handler: (...args: unknown[]) => unknown) =>
    ipcMain.handle(channel, (event: IpcMainInvokeEvent, ...args: unknown[]) => {
      if (!isTrustedSender(event.senderFrame?.url, rendererUrl)) {
        throw new Error(`${channel}: refused a call from an untrusted frame`);
      }
      return handler(...args);
    });

  handle(CHANNELS.appVersion, () => appVersion);

  handle(CHANNELS.openProject, async (): Promise<ProjectFile | null> => {
    const win = window();
    if (!win) return null;
    const picked = await dialog.showOpenDialog(win, {
      properties: ['openFile'],
      filters: PROJECT_FILTERS,
    });
    const path = picked.filePaths[0];
    if (picked.canceled || !path) return null;
    const text = await readProjectFile(path);
    remember(path);
    return { fileName: basename(path), text };
  });

  handle(CHANNELS.recentFiles, () => describeRecent(recent));

  handle(CHANNELS.openRecent, async (index: unknown): Promise<ProjectFile> => {
    const path = typeof index === 'number' && Number.isInteger(index) ? recent[index] : undefined;
    if (!path) throw new RangeError(`there is no recent file number ${String(index)}`);
    const text = await readProjectFile(path);
    remember(path);
    return { fileName: basename(path), text };
  });

  handle(CHANNELS.saveProject, async (text: unknown, saveAs: unknown): Promise<SaveResult> => {
    const content = projectText(text, 'the project');
    let path = flag(saveAs, 'saveAs') ? null : currentPath;
    if (!path) {
      const win = window();
      if (!win) return { status: 'cancelled' };
      const picked = await dialog.showSaveDialog(win, { filters: PROJECT_FILTERS });
      if (picked.canceled || !picked.filePath) return { status: 'cancelled' };
      path = picked.filePath;
    }
    await save(path, content);
    remember(path);
    return { status: 'saved', fileName: basename(path) };
  });

  handle(CHANNELS.saveReport, async (bytes: unknown, name: unknown): Promise<SaveResult> => {
    const content = reportBytes(bytes);
    const win = window();
    if (!win) return { status: 'cancelled' };
    const defaultPath = typeof name === 'string' ? basename(name) : 'report.xlsx';
    const pdf = defaultPath.toLowerCase().endsWith('.pdf');
    const picked = await dialog.showSaveDialog(win, {
      defaultPath,
      filters: [
        pdf
          ? { name: 'PDF document', extensions: ['pdf'] }
          : { name: 'Excel workbook', extensions: ['xlsx'] },
      ],
    });
    if (picked.canceled || !picked.filePath) return { status: 'cancelled' };
    await save(picked.filePath, content);
    return { status: 'saved', fileName: basename(picked.filePath) };
  });

  handle(
    CHANNELS.saveCsvTables,
    async (tables: unknown, folderName: unknown): Promise<SaveResult> => {
      const checked = csvTables(tables);
      const name = csvFolderName(folderName);
      const win = window();
      if (!win) return { status: 'cancelled' };
      const picked = await dialog.showOpenDialog(win, {
        title: 'Folder for the CSV tables',
        properties: ['openDirectory', 'createDirectory'],
      });
      const parent = picked.filePaths[0];
      if (picked.canceled || !parent) return { status: 'cancelled' };
      const folder = await onFile('save', join(parent, name), () => newFolder(parent, name));
      for (const table of checked) await save(join(folder, table.fileName), table.text);
      return { status: 'saved', fileName: basename(folder) };
    },
  );

  handle(CHANNELS.saveCatalog, async (text: unknown, name: unknown): Promise<SaveResult> => {
    const content = catalogText(text, 'the catalog');
    const fileName = catalogFileName(name);
    const win = window();
    if (!win) return { status: 'cancelled' };
    const csv = fileName.endsWith('.csv');
    const picked = await dialog.showSaveDialog(win, {
      defaultPath: fileName,
      filters: [
        csv
          ? { name: 'Catalog (CSV)', extensions: ['csv'] }
          : { name: 'Catalog (JSON)', extensions: ['json'] },
      ],
    });
    if (picked.canceled || !picked.filePath) return { status: 'cancelled' };
    await save(picked.filePath, content);
    return { status: 'saved', fileName: basename(picked.filePath) };
  });

  handle(CHANNELS.saveWorkloadsCsv, async (text: unknown, name: unknown): Promise<SaveResult> => {
    // Checked as one table of a CSV export: a plain .csv name, text within the size limit.
    const [table] = csvTables([{ fileName: name, text }]);
    const win = window();
    if (!win || !table) return { status: 'cancelled' };
    const picked = await dialog.showSaveDialog(win, {
      defaultPath: table.fileName,
      filters: [{ name: 'Workloads (CSV)', extensions: ['csv'] }],
    });
    if (picked.canceled || !picked.filePath) return { status: 'cancelled' };
    await save(picked.filePath, table.text);
    return { status: 'saved', fileName: basename(picked.filePath) };
  });

  handle(CHANNELS.readUserCatalog, async () => {
    if (!existsSync(userCatalogPath)) return null;
    const { size } = await onFile('open', userCatalogPath, () => stat(userCatalogPath));
    if (size > MAX_CATALOG_BYTES) {
      throw new RangeError(
        `the kept user catalog is ${size} bytes; at most ${MAX_CATALOG_BYTES} bytes are read`,
      );
    }
    return onFile('open', userCatalogPath, () => readFile(userCatalogPath, 'utf8'));
  });
  handle(CHANNELS.writeUserCatalog, async (text: unknown) => {
    const content = userCatalogText(text);
    if (content === null) {
      await onFile('remove', userCatalogPath, () => rmSync(userCatalogPath, { force: true }));
    } else await save(userCatalogPath, content);
  });

  handle(CHANNELS.readRecoveryCopies, () => readRecoveryCopies(recoveryDir));
  handle(CHANNELS.writeRecovery, async (sessionId: unknown, text: unknown) => {
    const path = recoveryFile(recoveryDir, sessionId);
    const content = projectText(text, 'the recovery copy');
    await onFile('save', recoveryDir, () => mkdirSync(recoveryDir, { recursive: true }));
    await save(path, content);
  });
  handle(CHANNELS.clearRecovery, (sessionId: unknown) => {
    const path = recoveryFile(recoveryDir, sessionId);
    return onFile('remove', path, () => {
      rmSync(path, { force: true });
      rmSync(`${path}.bak`, { force: true });
    });
  });
  handle(CHANNELS.setUnsavedChanges, (unsaved: unknown) => {
    deps.onUnsavedChanges(flag(unsaved, 'unsaved'));
  });
}
