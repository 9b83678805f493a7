// The one typed map of main-process calls: what preload exposes and what
// main handles. Renderer code imports only these types.

/** A project file's text and the name it was opened from or saved to. */
export interface ProjectFile {
  fileName: string;
  text: string;
}

export interface RecentFile {
  fileName: string;
  folder: string;
}

/** One table of a report as CSV: a plain file name (no folders) and its text. */
export interface CsvTable {
  fileName: string;
  text: string;
}

/** A recovery copy and the window session that wrote it. */
export interface RecoveryCopyFile {
  sessionId: string;
  text: string;
}

/** A window session's id: what names its recovery copy. */
export const SESSION_ID = /^[\w-]{1,64}$/;

export type SaveResult = { status: 'saved'; fileName: string } | { status: 'cancelled' };

export interface MainApi {
  /** Shows an open dialog; `null` when the user cancels. */
  openProject(): Promise<ProjectFile | null>;
  /** Atomically saves to the file last opened or saved, asking when there is none or `saveAs`. */
  saveProject(text: string, saveAs: boolean): Promise<SaveResult>;
  appVersion(): Promise<string>;
  /** Every autosaved recovery copy kept, one per window session. */
  readRecoveryCopies(): Promise<RecoveryCopyFile[]>;
  /** Replaces the recovery copy of window session `sessionId`, atomically. */
  writeRecovery(sessionId: string, text: string): Promise<void>;
  /** Removes the recovery copy of window session `sessionId` (none is fine). */
  clearRecovery(sessionId: string): Promise<void>;
  /** Lets the main process ask before closing a window with unsaved changes. */
  setUnsavedChanges(unsaved: boolean): Promise<void>;
  /** Files opened or saved before, most recent first. */
  recentFiles(): Promise<RecentFile[]>;
  /** Opens entry `index` of the recent list (only files the user picked before). */
  openRecent(index: number): Promise<ProjectFile>;
  /** Asks where to save a report and writes it; `suggestedName` ends in .xlsx or .pdf. */
  saveReport(bytes: Uint8Array, suggestedName: string): Promise<SaveResult>;
  /**
   * Asks for a folder and writes the tables into a new folder named
   * `folderName` inside it (numbered when taken), so no file of an earlier
   * export sits beside the new ones.
   */
  saveCsvTables(tables: CsvTable[], folderName: string): Promise<SaveResult>;
  /** The user's catalog kept in the app's data folder (outside the app, so upgrades keep it), if any. */
  readUserCatalog(): Promise<string | null>;
  /** Atomically replaces the kept user catalog (JSON text); null removes it. */
  writeUserCatalog(text: string | null): Promise<void>;
  /** Asks where to save an exported catalog and writes it; `suggestedName` ends in .csv or .json. */
  saveCatalog(text: string, suggestedName: string): Promise<SaveResult>;
  /** Asks where to save a workloads CSV and writes it; `suggestedName` ends in .csv. */
  saveWorkloadsCsv(text: string, suggestedName: string): Promise<SaveResult>;
  /** Subscribes to commands chosen in the native menu; returns the unsubscribe. */
  onMenuCommand(listener: (command: MenuCommand) => void): () => void;
}

/** What the native menu can ask the renderer to do. */
export const MENU_COMMANDS = [
  'new',
  'open',
  'import-inventory',
  'save',
  'save-as',
  'export-pdf',
  'undo',
  'redo',
] as const;
export type MenuCommand = (typeof MENU_COMMANDS)[number];

export const isMenuCommand = (value: unknown): value is MenuCommand =>
  typeof value === 'string' && (MENU_COMMANDS as readonly string[]).includes(value);

/** The one channel the main process sends on (main -> renderer). */
export const MENU_CHANNEL = 'menu:command';

export const CHANNELS = {
  openProject: 'project:open',
  saveProject: 'project:save',
  appVersion: 'app:version',
  readRecoveryCopies: 'recovery:list',
  writeRecovery: 'recovery:write',
  clearRecovery: 'recovery:clear',
  setUnsavedChanges: 'document:unsaved',
  recentFiles: 'recent:list',
  openRecent: 'recent:open',
  saveReport: 'export:report',
  saveCsvTables: 'export:csv',
  readUserCatalog: 'catalog:read-user',
  writeUserCatalog: 'catalog:write-user',
  saveCatalog: 'export:catalog',
  saveWorkloadsCsv: 'export:workloads-csv',
} as const satisfies Record<Exclude<keyof MainApi, 'onMenuCommand'>, string>;

/** Reports above this size are refused: no real report comes near it. */
export const MAX_REPORT_BYTES = 64 * 1024 * 1024;

/** The folder a CSV export creates: one plain name, no path. */
export const CSV_FOLDER_NAME = /^[\w][\w .-]{0,100}$/;

/** A CSV table's file name: one plain name, no path. */
export const CSV_FILE_NAME = /^[\w][\w .-]{0,100}\.csv$/;

/** Project files above this size are refused (the core refuses the same). */
export const MAX_PROJECT_BYTES = 16 * 1024 * 1024;

/** Catalog files above this size are refused (the core refuses the same). */
export const MAX_CATALOG_BYTES = 16 * 1024 * 1024;

/** An exported catalog's file name: one plain name ending in .csv or .json. */
export const CATALOG_FILE_NAME = /^[\w][\w .-]{0,100}\.(csv|json)$/;
