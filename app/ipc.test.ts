import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserWindow, Dialog, IpcMain } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { CHANNELS, MAX_CATALOG_BYTES, MAX_PROJECT_BYTES } from './api';
import { isTrustedSender, registerIpc } from './ipc';

type Handler = (event: unknown, ...args: unknown[]) => unknown;

const RENDERER = 'file:///opt/stacksizer/renderer/index.html';

function setUp(
  dialog: Partial<Dialog>,
  recoveryPath = join(tempDir(), 'recovery.json'),
  userCatalogPath = join(tempDir(), 'user-catalog.json'),
) {
  const handlers = new Map<string, Handler>();
  const ipcMain = { handle: (channel: string, h: Handler) => handlers.set(channel, h) };
  const win = {} as BrowserWindow;
  const onUnsavedChanges = vi.fn();
  registerIpc({
    ipcMain: ipcMain as unknown as IpcMain,
    dialog: dialog as Dialog,
    window: () => win,
    appVersion: '1.2.3',
    recoveryPath,
    recentPath: join(tempDir(), 'recent.json'),
    userCatalogPath,
    addRecentDocument: vi.fn(),
    rendererUrl: RENDERER,
    onUnsavedChanges,
  });
  const invokeFrom = (url: string, channel: string, ...args: unknown[]) =>
    handlers.get(channel)!({ senderFrame: { url } }, ...args);
  const invoke = (channel: string, ...args: unknown[]) => invokeFrom(RENDERER, channel, ...args);
  return { handlers, invoke, invokeFrom, onUnsavedChanges };
}

const tempDir = () => mkdtempSync(join(tmpdir(), 'stacksizer-ipc-'));

describe('main-process IPC', () => {
  it('handles exactly the channels of the API map', () => {
    const { handlers } = setUp({});
    expect([...handlers.keys()].sort()).toEqual(Object.values(CHANNELS).sort());
  });

  it('answers the app version', async () => {
    const { invoke } = setUp({});
    expect(await invoke(CHANNELS.appVersion)).toBe('1.2.3');
  });

  it('opens the file the user picked and returns its name and text', async () => {
    const path = join(tempDir(), 'design.stacksizer.json');
    writeFileSync(path, '{"schema_version":1}');
    const { invoke } = setUp({
      showOpenDialog: vi.fn().mockResolvedValue({ canceled: false, filePaths: [path] }),
    });
    await expect(invoke(CHANNELS.openProject)).resolves.toEqual({
      fileName: 'design.stacksizer.json',
      text: '{"schema_version":1}',
    });
  });

  it('lists opened files as recent and reopens them by number only', async () => {
    const path = join(tempDir(), 'again.stacksizer.json');
    writeFileSync(path, '{"v":1}');
    const { invoke } = setUp({
      showOpenDialog: vi.fn().mockResolvedValue({ canceled: false, filePaths: [path] }),
    });
    await invoke(CHANNELS.openProject);
    expect(invoke(CHANNELS.recentFiles)).toEqual([
      { fileName: 'again.stacksizer.json', folder: join(path, '..') },
    ]);
    await expect(invoke(CHANNELS.openRecent, 0)).resolves.toEqual({
      fileName: 'again.stacksizer.json',
      text: '{"v":1}',
    });
    await expect(invoke(CHANNELS.openRecent, '/etc/passwd')).rejects.toThrow(RangeError);
    await expect(invoke(CHANNELS.openRecent, 5)).rejects.toThrow(RangeError);
  });

  it('returns null when the user cancels the open dialog', async () => {
    const { invoke } = setUp({
      showOpenDialog: vi.fn().mockResolvedValue({ canceled: true, filePaths: [] }),
    });
    await expect(invoke(CHANNELS.openProject)).resolves.toBeNull();
  });

  it('refuses to open a file over the size limit', async () => {
    const path = join(tempDir(), 'huge.json');
    writeFileSync(path, Buffer.alloc(MAX_PROJECT_BYTES + 1, 32));
    const { invoke } = setUp({
      showOpenDialog: vi.fn().mockResolvedValue({ canceled: false, filePaths: [path] }),
    });
    await expect(invoke(CHANNELS.openProject)).rejects.toThrow(/at most 16777216 bytes/);
  });

  it('asks where to save the first time, then saves in place', async () => {
    const path = join(tempDir(), 'new.stacksizer.json');
    const showSaveDialog = vi.fn().mockResolvedValue({ canceled: false, filePath: path });
    const { invoke } = setUp({ showSaveDialog });
    await expect(invoke(CHANNELS.saveProject, 'one', false)).resolves.toEqual({
      status: 'saved',
      fileName: 'new.stacksizer.json',
    });
    await invoke(CHANNELS.saveProject, 'two', false);
    expect(showSaveDialog).toHaveBeenCalledTimes(1);
    expect(readFileSync(path, 'utf8')).toBe('two');
  });

  it('rejects payloads of the wrong type', async () => {
    const { invoke } = setUp({ showSaveDialog: vi.fn() });
    await expect(invoke(CHANNELS.saveProject, { text: 'x' }, false)).rejects.toThrow(TypeError);
    await expect(invoke(CHANNELS.saveProject, 'x', 'yes')).rejects.toThrow(TypeError);
    expect(() => invoke(CHANNELS.setUnsavedChanges, 'yes')).toThrow(TypeError);
    expect(() => invoke(CHANNELS.writeRecovery, 42)).toThrow(TypeError);
  });

  it('keeps the user catalog in the data folder, atomically, and removes it on null', async () => {
    const path = join(tempDir(), 'user-catalog.json');
    const { invoke } = setUp({}, undefined, path);
    await expect(invoke(CHANNELS.readUserCatalog)).resolves.toBeNull();
    const first = '{"schema_version":1,"parts":[]}';
    const second = '{"schema_version":1,"price_note":"ours","parts":[]}';
    invoke(CHANNELS.writeUserCatalog, first);
    invoke(CHANNELS.writeUserCatalog, second);
    await expect(invoke(CHANNELS.readUserCatalog)).resolves.toBe(second);
    expect(readFileSync(`${path}.bak`, 'utf8')).toBe(first);
    invoke(CHANNELS.writeUserCatalog, null);
    expect(existsSync(path)).toBe(false);
    await expect(invoke(CHANNELS.readUserCatalog)).resolves.toBeNull();
  });

  it('refuses a user catalog that is not catalog-shaped JSON or is too large', async () => {
    const path = join(tempDir(), 'user-catalog.json');
    const { invoke } = setUp({}, undefined, path);
    expect(() => invoke(CHANNELS.writeUserCatalog, 42)).toThrow(TypeError);
    expect(() => invoke(CHANNELS.writeUserCatalog, 'not json')).toThrow(/must be JSON/);
    expect(() => invoke(CHANNELS.writeUserCatalog, '{"parts":[]}')).toThrow(/schema_version/);
    const huge = `{"schema_version":1,"parts":[],"price_note":"${'x'.repeat(MAX_CATALOG_BYTES)}"}`;
    expect(() => invoke(CHANNELS.writeUserCatalog, huge)).toThrow(RangeError);
    expect(existsSync(path)).toBe(false);
    writeFileSync(path, Buffer.alloc(MAX_CATALOG_BYTES + 1, 32));
    await expect(invoke(CHANNELS.readUserCatalog)).rejects.toThrow(/at most 16777216 bytes/);
  });

  it('exports a catalog where the user picks, with a plain .csv or .json name only', async () => {
    const path = join(tempDir(), 'prices.csv');
    const showSaveDialog = vi.fn().mockResolvedValue({ canceled: false, filePath: path });
    const { invoke } = setUp({ showSaveDialog });
    await expect(invoke(CHANNELS.saveCatalog, 'id,unit_price\n', 'catalog.csv')).resolves.toEqual({
      status: 'saved',
      fileName: 'prices.csv',
    });
    expect(readFileSync(path, 'utf8')).toBe('id,unit_price\n');
    expect(showSaveDialog.mock.calls[0]![1]).toMatchObject({
      defaultPath: 'catalog.csv',
      filters: [{ extensions: ['csv'] }],
    });
    await expect(invoke(CHANNELS.saveCatalog, 'x', '../etc/passwd.csv')).rejects.toThrow(TypeError);
    await expect(invoke(CHANNELS.saveCatalog, 'x', 'catalog.exe')).rejects.toThrow(TypeError);
    await expect(invoke(CHANNELS.saveCatalog, new Uint8Array(1), 'c.csv')).rejects.toThrow(
      TypeError,
    );
    expect(showSaveDialog).toHaveBeenCalledTimes(1);
  });

  it('refuses calls from any frame but the app renderer', () => {
    const { invokeFrom } = setUp({});
    expect(() => invokeFrom('https://example.com/', CHANNELS.appVersion)).toThrow(
      /untrusted frame/,
    );
    expect(isTrustedSender(`${RENDERER}#/compare`, RENDERER)).toBe(true);
    expect(isTrustedSender(undefined, RENDERER)).toBe(false);
    expect(isTrustedSender('file:///tmp/evil/index.html', RENDERER)).toBe(false);
  });

  it('writes, reads and clears the recovery copy', async () => {
    const recoveryPath = join(tempDir(), 'recovery.json');
    const { invoke } = setUp({}, recoveryPath);
    await expect(invoke(CHANNELS.readRecovery)).resolves.toBeNull();
    invoke(CHANNELS.writeRecovery, '{"name":"draft"}');
    await expect(invoke(CHANNELS.readRecovery)).resolves.toBe('{"name":"draft"}');
    invoke(CHANNELS.clearRecovery);
    await expect(invoke(CHANNELS.readRecovery)).resolves.toBeNull();
  });

  it('saves a report where the user picks, refusing anything but bytes', async () => {
    const path = join(tempDir(), 'design.xlsx');
    const { invoke } = setUp({
      showSaveDialog: vi.fn().mockResolvedValue({ canceled: false, filePath: path }),
    });
    const bytes = new Uint8Array([0x50, 0x4b, 3, 4]);
    await expect(invoke(CHANNELS.saveReport, bytes, 'design.xlsx')).resolves.toEqual({
      status: 'saved',
      fileName: 'design.xlsx',
    });
    expect([...readFileSync(path)]).toEqual([0x50, 0x4b, 3, 4]);
    await expect(invoke(CHANNELS.saveReport, 'PK', 'x.xlsx')).rejects.toThrow(TypeError);
  });

  it('writes CSV tables into the picked folder and refuses names with paths', async () => {
    const folder = tempDir();
    const { invoke } = setUp({
      showOpenDialog: vi.fn().mockResolvedValue({ canceled: false, filePaths: [folder] }),
    });
    await invoke(CHANNELS.saveCsvTables, [
      { fileName: 'summary.csv', text: 'a,b\r\n1,2\r\n' },
      { fileName: 'bom.csv', text: 'part\r\n' },
    ]);
    expect(readFileSync(join(folder, 'summary.csv'), 'utf8')).toBe('a,b\r\n1,2\r\n');
    await expect(
      invoke(CHANNELS.saveCsvTables, [{ fileName: '../escape.csv', text: 'x' }]),
    ).rejects.toThrow(/plain file name/);
  });

  it('passes the unsaved-changes state to the close guard', () => {
    const { invoke, onUnsavedChanges } = setUp({});
    invoke(CHANNELS.setUnsavedChanges, true);
    expect(onUnsavedChanges).toHaveBeenCalledWith(true);
  });
});
