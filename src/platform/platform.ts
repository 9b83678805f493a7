import type {
  CsvTable,
  MainApi,
  MenuCommand,
  ProjectFile,
  RecentFile,
  SaveResult,
} from '../../app/api';

export type { CsvTable, MenuCommand, ProjectFile, RecentFile, SaveResult };

/** File access, from Electron's dialogs or the browser's picker and downloads. */
export interface Platform {
  openProject(): Promise<ProjectFile | null>;
  saveProject(text: string, saveAs: boolean, suggestedName: string): Promise<SaveResult>;
  readRecovery(): Promise<string | null>;
  writeRecovery(text: string): Promise<void>;
  clearRecovery(): Promise<void>;
  setUnsavedChanges(unsaved: boolean): Promise<void>;
  /** Files opened or saved before (Electron); the browser has none. */
  recentFiles(): Promise<RecentFile[]>;
  openRecent(index: number): Promise<ProjectFile>;
  saveReport(bytes: Uint8Array, suggestedName: string): Promise<SaveResult>;
  saveCsvTables(tables: CsvTable[]): Promise<SaveResult>;
  /** The user's catalog (JSON text) kept outside the app so upgrades keep it; null when none. */
  readUserCatalog(): Promise<string | null>;
  /** Replaces the kept user catalog; null removes it. */
  writeUserCatalog(text: string | null): Promise<void>;
  saveCatalog(text: string, suggestedName: string): Promise<SaveResult>;
  /** Commands from a native menu (Electron only); returns the unsubscribe. */
  onMenuCommand(listener: (command: MenuCommand) => void): () => void;
}

declare global {
  interface Window {
    /** Present only in the Electron app, exposed by app/preload.ts. */
    stacksizer?: MainApi;
  }
}

export function electronPlatform(api: MainApi): Platform {
  return {
    openProject: () => api.openProject(),
    saveProject: (text, saveAs) => api.saveProject(text, saveAs),
    readRecovery: () => api.readRecovery(),
    writeRecovery: (text) => api.writeRecovery(text),
    clearRecovery: () => api.clearRecovery(),
    setUnsavedChanges: (unsaved) => api.setUnsavedChanges(unsaved),
    recentFiles: () => api.recentFiles(),
    openRecent: (index) => api.openRecent(index),
    saveReport: (bytes, suggestedName) => api.saveReport(bytes, suggestedName),
    saveCsvTables: (tables) => api.saveCsvTables(tables),
    readUserCatalog: () => api.readUserCatalog(),
    writeUserCatalog: (text) => api.writeUserCatalog(text),
    saveCatalog: (text, suggestedName) => api.saveCatalog(text, suggestedName),
    onMenuCommand: (listener) => api.onMenuCommand(listener),
  };
}
