import { createStore, del, entries, set, type UseStore } from 'idb-keyval';
import type { Platform, ProjectFile } from './platform';

/** The single copy earlier builds kept in local storage (5 MB at most); still offered once. */
const LEGACY_RECOVERY_KEY = 'stacksizer.recovery';
const LEGACY_SESSION = 'legacy';
/** The page's storage outlives a new build of the app at the same address. */
export const USER_CATALOG_KEY = 'stacksizer.user-catalog';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PDF_TYPE = 'application/pdf';

function download(doc: Document, blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Browser build: a file picker to open, a download to save, IndexedDB for
 * the recovery copies (no 5 MB ceiling), one per window session.
 */
export function browserPlatform(
  sessionId: string,
  doc: Document = document,
  storage: Storage = localStorage,
  recoveryStore: () => UseStore = () => createStore('stacksizer', 'recovery'),
): Platform {
  let copies: UseStore | undefined;
  const recovery = () => (copies ??= recoveryStore());
  return {
    openProject: () =>
      new Promise<ProjectFile | null>((resolve, reject) => {
        const input = doc.createElement('input');
        input.type = 'file';
        input.accept = '.json,application/json';
        input.addEventListener('change', () => {
          const file = input.files?.[0];
          if (!file) return resolve(null);
          file.text().then((text) => resolve({ fileName: file.name, text }), reject);
        });
        input.addEventListener('cancel', () => resolve(null));
        input.click();
      }),
    saveProject: async (text, _saveAs, suggestedName) => {
      download(doc, new Blob([text], { type: 'application/json' }), suggestedName);
      return { status: 'saved', fileName: suggestedName };
    },
    // A browser page cannot reopen a file by its path.
    recentFiles: async () => [],
    openRecent: async () => {
      throw new Error('the browser build keeps no recent files');
    },
    saveReport: async (bytes, suggestedName) => {
      download(
        doc,
        new Blob([bytes as Uint8Array<ArrayBuffer>], {
          type: suggestedName.toLowerCase().endsWith('.pdf') ? PDF_TYPE : XLSX_TYPE,
        }),
        suggestedName,
      );
      return { status: 'saved', fileName: suggestedName };
    },
    // One download, not one per table: browsers ask (or block) for each.
    saveCsvTables: async (tables, folderName) => {
      // Loaded here: fflate builds its deflate tables when imported, which
      // cost every start-up a few ms for a rare export (docs/performance.md).
      const { strToU8, zipSync } = await import('fflate');
      const zip = zipSync(
        Object.fromEntries(tables.map((t) => [`${folderName}/${t.fileName}`, strToU8(t.text)])),
      );
      const fileName = `${folderName}.zip`;
      download(
        doc,
        new Blob([zip as Uint8Array<ArrayBuffer>], { type: 'application/zip' }),
        fileName,
      );
      return { status: 'saved', fileName };
    },
    saveWorkloadsCsv: async (text, suggestedName) => {
      download(doc, new Blob([text], { type: 'text/csv' }), suggestedName);
      return { status: 'saved', fileName: suggestedName };
    },
    saveCatalog: async (text, suggestedName) => {
      const type = suggestedName.endsWith('.csv') ? 'text/csv' : 'application/json';
      download(doc, new Blob([text], { type }), suggestedName);
      return { status: 'saved', fileName: suggestedName };
    },
    readUserCatalog: async () => storage.getItem(USER_CATALOG_KEY),
    writeUserCatalog: async (text) =>
      text === null
        ? storage.removeItem(USER_CATALOG_KEY)
        : storage.setItem(USER_CATALOG_KEY, text),
    readRecoveryCopies: async () => {
      const kept = await entries<string, string>(recovery());
      const legacy = storage.getItem(LEGACY_RECOVERY_KEY);
      return [
        ...kept.map(([id, text]) => ({ sessionId: id, text })),
        ...(legacy ? [{ sessionId: LEGACY_SESSION, text: legacy }] : []),
      ];
    },
    writeRecovery: (text) => set(sessionId, text, recovery()),
    clearRecovery: () => del(sessionId, recovery()),
    discardRecovery: async (other) => {
      if (other === LEGACY_SESSION) storage.removeItem(LEGACY_RECOVERY_KEY);
      else await del(other, recovery());
    },
    // The page's beforeunload prompt covers closing the tab.
    setUnsavedChanges: async () => undefined,
    // The browser build has no native menu; the toolbar and keys do the same.
    onMenuCommand: () => () => undefined,
  };
}
