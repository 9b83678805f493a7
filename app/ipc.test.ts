import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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
  recoveryDir = join(tempDir(), 'recovery'),
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
    recoveryDir,
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

  it('names the file, its folder and the reason when a save fails, and forgets nothing', async () => {
    const missing = join(tempDir(), 'gone', 'design.stacksizer.json');
    const { invoke } = setUp({
      showSaveDialog: vi.fn().mockResolvedValue({ canceled: false, filePath: missing }),
    });
    await expect(invoke(CHANNELS.saveProject, 'text', false)).rejects.toThrow(
      /^Could not save design\.stacksizer\.json in .*gone: the file or its folder does not exist .*\(ENOENT\)\. The previous version, if any, is unchanged\.$/,
    );
    expect(invoke(CHANNELS.recentFiles)).toEqual([]);
  });

  it('says so when a recent file was deleted since', async () => {
    const path = join(tempDir(), 'deleted.stacksizer.json');
    writeFileSync(path, '{}');
    const { invoke } = setUp({
      showOpenDialog: vi.fn().mockResolvedValue({ canceled: false, filePaths: [path] }),
    });
    await invoke(CHANNELS.openProject);
    rmSync(path);
    await expect(invoke(CHANNELS.openRecent, 0)).rejects.toThrow(
      /^Could not open deleted\.stacksizer\.json in .*: the file or its folder does not exist/,
    );
  });

  it('rejects payloads of the wrong type', async () => {
    const { invoke } = setUp({ showSaveDialog: vi.fn() });
    await expect(invoke(CHANNELS.saveProject, { text: 'x' }, false)).rejects.toThrow(TypeError);
    await expect(invoke(CHANNELS.saveProject, 'x', 'yes')).rejects.toThrow(TypeError);
    expect(() => invoke(CHANNELS.setUnsavedChanges, 'yes')).toThrow(TypeError);
    await expect(invoke(CHANNELS.writeRecovery, 'w', 42)).rejects.toThrow(TypeError);
  });

  it('keeps the user catalog in the data folder, atomically, and removes it on null', async () => {
    const path = join(tempDir(), 'user-catalog.json');
    const { invoke } = setUp({}, undefined, path);
    await expect(invoke(CHANNELS.readUserCatalog)).resolves.toBeNull();
    const first = '{"schema_version":1,"parts":[]}';
    const second = '{"schema_version":1,"price_note":"ours","parts":[]}';
    await invoke(CHANNELS.writeUserCatalog, first);
    await invoke(CHANNELS.writeUserCatalog, second);
    await expect(invoke(CHANNELS.readUserCatalog)).resolves.toBe(second);
    expect(readFileSync(`${path}.bak`, 'utf8')).toBe(first);
    await invoke(CHANNELS.writeUserCatalog, null);
    expect(existsSync(path)).toBe(false);
    await expect(invoke(CHANNELS.readUserCatalog)).resolves.toBeNull();
  });

  it('refuses a user catalog that is not catalog-shaped JSON or is too large', async () => {
    const path = join(tempDir(), 'user-catalog.json');
    const { invoke } = setUp({}, undefined, path);
    await expect(invoke(CHANNELS.writeUserCatalog, 42)).rejects.toThrow(TypeError);
    await expect(invoke(CHANNELS.writeUserCatalog, 'not json')).rejects.toThrow(/must be JSON/);
    await expect(invoke(CHANNELS.writeUserCatalog, '{"parts":[]}')).rejects.toThrow(
      /schema_version/,
    );
    const huge = `{"schema_version":1,"parts":[],"price_note":"${'x'.repeat(MAX_CATALOG_BYTES)}"}`;
    await expect(invoke(CHANNELS.writeUserCatalog, huge)).rejects.toThrow(RangeError);
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

  it('saves a workloads CSV where the user picks, with a plain .csv name only', async () => {
    const path = join(tempDir(), 'mine.csv');
    const showSaveDialog = vi.fn().mockResolvedValue({ canceled: false, filePath: path });
    const { invoke } = setUp({ showSaveDialog });
    await expect(
      invoke(CHANNELS.saveWorkloadsCsv, 'id,name\n', 'project-workloads.csv'),
    ).resolves.toEqual({ status: 'saved', fileName: 'mine.csv' });
    expect(readFileSync(path, 'utf8')).toBe('id,name\n');
    expect(showSaveDialog.mock.calls[0]![1]).toMatchObject({
      defaultPath: 'project-workloads.csv',
      filters: [{ extensions: ['csv'] }],
    });
    await expect(invoke(CHANNELS.saveWorkloadsCsv, 'x', '../w.csv')).rejects.toThrow(TypeError);
    await expect(invoke(CHANNELS.saveWorkloadsCsv, 'x', 'w.json')).rejects.toThrow(TypeError);
    await expect(invoke(CHANNELS.saveWorkloadsCsv, new Uint8Array(1), 'w.csv')).rejects.toThrow(
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

  it('keeps one recovery copy per window session and clears only the one named', async () => {
    const recoveryDir = join(tempDir(), 'recovery');
    const { invoke } = setUp({}, recoveryDir);
    await expect(invoke(CHANNELS.readRecoveryCopies)).resolves.toEqual([]);
    await invoke(CHANNELS.writeRecovery, 'window-a', '{"name":"a"}');
    await invoke(CHANNELS.writeRecovery, 'window-b', '{"name":"b"}');
    await invoke(CHANNELS.writeRecovery, 'window-b', '{"name":"b2"}');
    const sorted = async () =>
      ((await invoke(CHANNELS.readRecoveryCopies)) as { sessionId: string }[]).sort((x, y) =>
        x.sessionId.localeCompare(y.sessionId),
      );
    await expect(sorted()).resolves.toEqual([
      { sessionId: 'window-a', text: '{"name":"a"}' },
      { sessionId: 'window-b', text: '{"name":"b2"}' },
    ]);
    await invoke(CHANNELS.clearRecovery, 'window-b');
    await expect(sorted()).resolves.toEqual([{ sessionId: 'window-a', text: '{"name":"a"}' }]);
    expect(readdirSync(recoveryDir)).toEqual(['window-a.stacksizer.json']);
    await expect(invoke(CHANNELS.writeRecovery, '../escape', '{}')).rejects.toThrow(/session id/);
    expect(() => invoke(CHANNELS.clearRecovery, '/etc/passwd')).toThrow(/session id/);
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

  it('offers a PDF proposal as a PDF, not a workbook', async () => {
    const path = join(tempDir(), 'design.pdf');
    const showSaveDialog = vi.fn().mockResolvedValue({ canceled: false, filePath: path });
    const { invoke } = setUp({ showSaveDialog });
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46]);
    await expect(invoke(CHANNELS.saveReport, bytes, 'design.pdf')).resolves.toEqual({
      status: 'saved',
      fileName: 'design.pdf',
    });
    expect(showSaveDialog.mock.calls[0]?.[1]).toMatchObject({
      defaultPath: 'design.pdf',
      filters: [{ name: 'PDF document', extensions: ['pdf'] }],
    });
    expect([...readFileSync(path)]).toEqual([0x25, 0x50, 0x44, 0x46]);
  });

  it('writes each CSV export into a new folder inside the picked one', async () => {
    const folder = tempDir();
    const { invoke } = setUp({
      showOpenDialog: vi.fn().mockResolvedValue({ canceled: false, filePaths: [folder] }),
    });
    const first = [
      { fileName: 'summary.csv', text: 'a,b\r\n1,2\r\n' },
      { fileName: 'bom.csv', text: 'part\r\n' },
    ];
    await expect(invoke(CHANNELS.saveCsvTables, first, 'design-csv')).resolves.toEqual({
      status: 'saved',
      fileName: 'design-csv',
    });
    expect(readFileSync(join(folder, 'design-csv', 'summary.csv'), 'utf8')).toBe('a,b\r\n1,2\r\n');
    // A second export never mixes with the first's files.
    const second = [{ fileName: 'summary.csv', text: 'new\r\n' }];
    await expect(invoke(CHANNELS.saveCsvTables, second, 'design-csv')).resolves.toEqual({
      status: 'saved',
      fileName: 'design-csv (2)',
    });
    expect(readdirSync(join(folder, 'design-csv (2)'))).toEqual(['summary.csv']);
    expect(readdirSync(join(folder, 'design-csv')).sort()).toEqual(['bom.csv', 'summary.csv']);
  });

  it('refuses CSV file and folder names with paths', async () => {
    const folder = tempDir();
    const { invoke } = setUp({
      showOpenDialog: vi.fn().mockResolvedValue({ canceled: false, filePaths: [folder] }),
    });
    await expect(
      invoke(CHANNELS.saveCsvTables, [{ fileName: '../escape.csv', text: 'x' }], 'ok'),
    ).rejects.toThrow(/plain file name/);
    await expect(
      invoke(CHANNELS.saveCsvTables, [{ fileName: 'a.csv', text: 'x' }], '../up'),
    ).rejects.toThrow(/plain folder name/);
    expect(readdirSync(folder)).toEqual([]);
  });

  it('passes the unsaved-changes state to the close guard', () => {
    const { invoke, onUnsavedChanges } = setUp({});
    invoke(CHANNELS.setUnsavedChanges, true);
    expect(onUnsavedChanges).toHaveBeenCalledWith(true);
  });
});
