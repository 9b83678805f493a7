import type { Platform, ProjectFile } from './platform';

const RECOVERY_KEY = 'stacksizer.recovery';
/** The page's storage outlives a new build of the app at the same address. */
export const USER_CATALOG_KEY = 'stacksizer.user-catalog';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function download(doc: Document, blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Browser build: a file picker to open, a download to save, local storage for recovery. */
export function browserPlatform(
  doc: Document = document,
  storage: Storage = localStorage,
): Platform {
  return {
    openProject: () =>
      new Promise<ProjectFile | null>((resolve) => {
        const input = doc.createElement('input');
        input.type = 'file';
        input.accept = '.json,application/json';
        input.addEventListener('change', () => {
          const file = input.files?.[0];
          if (!file) return resolve(null);
          void file.text().then((text) => resolve({ fileName: file.name, text }));
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
        new Blob([bytes as Uint8Array<ArrayBuffer>], { type: XLSX_TYPE }),
        suggestedName,
      );
      return { status: 'saved', fileName: suggestedName };
    },
    saveCsvTables: async (tables) => {
      for (const t of tables) download(doc, new Blob([t.text], { type: 'text/csv' }), t.fileName);
      return { status: 'saved', fileName: `${tables.length} CSV files` };
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
    readRecovery: async () => storage.getItem(RECOVERY_KEY),
    writeRecovery: async (text) => storage.setItem(RECOVERY_KEY, text),
    clearRecovery: async () => storage.removeItem(RECOVERY_KEY),
    // The page's beforeunload prompt covers closing the tab.
    setUnsavedChanges: async () => undefined,
    // The browser build has no native menu; the toolbar and keys do the same.
    onMenuCommand: () => () => undefined,
  };
}
