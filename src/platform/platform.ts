import type {
  CsvTable,
  MainApi,
  MenuCommand,
  ProjectFile,
  RecentFile,
  RecoveryCopyFile,
  SaveResult,
} from '../../app/api';

export type { CsvTable, MenuCommand, ProjectFile, RecentFile, RecoveryCopyFile, SaveResult };

/** File access, from Electron's dialogs or the browser's picker and downloads. */
export interface Platform {
  openProject(): Promise<ProjectFile | null>;
  saveProject(text: string, saveAs: boolean, suggestedName: string): Promise<SaveResult>;
  /** Every recovery copy kept, each with the window session that wrote it. */
  readRecoveryCopies(): Promise<RecoveryCopyFile[]>;
  /** Replaces this window's recovery copy. */
  writeRecovery(text: string): Promise<void>;
  /** Removes this window's recovery copy. */
  clearRecovery(): Promise<void>;
  /** Removes the copy a window that is gone left (once restored or discarded). */
  discardRecovery(sessionId: string): Promise<void>;
  setUnsavedChanges(unsaved: boolean): Promise<void>;
  /** Files opened or saved before (Electron); the browser has none. */
  recentFiles(): Promise<RecentFile[]>;
  openRecent(index: number): Promise<ProjectFile>;
  saveReport(bytes: Uint8Array, suggestedName: string): Promise<SaveResult>;
  /** Desktop: a new folder named `folderName`; browser: one `folderName.zip` download. */
  saveCsvTables(tables: CsvTable[], folderName: string): Promise<SaveResult>;
  /** The user's catalog (JSON text) kept outside the app so upgrades keep it; null when none. */
  readUserCatalog(): Promise<string | null>;
  /** Replaces the kept user catalog; null removes it. */
  writeUserCatalog(text: string | null): Promise<void>;
  saveCatalog(text: string, suggestedName: string): Promise<SaveResult>;
  saveWorkloadsCsv(text: string, suggestedName: string): Promise<SaveResult>;
  /** Commands from a native menu (Electron only); returns the unsubscribe. */
  onMenuCommand(listener: (command: MenuCommand) => void): () => void;
}

declare global {
  interface Window {
    /** Present only in the Electron app, exposed by app/preload.ts. */
    stacksizer?: MainApi;
  }
}

/** `sessionId` names this window's recovery copy. */
export function electronPlatform(api: MainApi, sessionId: string): Platform {
  return {
    openProject: () => api.openProject(),
    saveProject: (text, saveAs) => api.saveProject(text, saveAs),
    readRecoveryCopies: () => api.readRecoveryCopies(),
    writeRecovery: (text) => api.writeRecovery(sessionId, text),
    clearRecovery: () => api.clearRecovery(sessionId),
    discardRecovery: (other) => api.clearRecovery(other),
    setUnsavedChanges: (unsaved) => api.setUnsavedChanges(unsaved),
    recentFiles: () => api.recentFiles(),
    openRecent: (index) => api.openRecent(index),
    saveReport: (bytes, suggestedName) => api.saveReport(bytes, suggestedName),
    saveCsvTables: (tables, folderName) => api.saveCsvTables(tables, folderName),
    readUserCatalog: () => api.readUserCatalog(),
    writeUserCatalog: (text) => api.writeUserCatalog(text),
    saveCatalog: (text, suggestedName) => api.saveCatalog(text, suggestedName),
    saveWorkloadsCsv: (text, suggestedName) => api.saveWorkloadsCsv(text, suggestedName),
    onMenuCommand: (listener) => api.onMenuCommand(listener),
  };
}
