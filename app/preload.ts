import { contextBridge, ipcRenderer } from 'electron';
import { CHANNELS, isMenuCommand, MENU_CHANNEL, type MainApi } from './api';

const api = {
  openProject: () => ipcRenderer.invoke(CHANNELS.openProject),
  saveProject: (text, saveAs) => ipcRenderer.invoke(CHANNELS.saveProject, text, saveAs),
  appVersion: () => ipcRenderer.invoke(CHANNELS.appVersion),
  readRecoveryCopies: () => ipcRenderer.invoke(CHANNELS.readRecoveryCopies),
  writeRecovery: (sessionId, text) => ipcRenderer.invoke(CHANNELS.writeRecovery, sessionId, text),
  clearRecovery: (sessionId) => ipcRenderer.invoke(CHANNELS.clearRecovery, sessionId),
  setUnsavedChanges: (unsaved) => ipcRenderer.invoke(CHANNELS.setUnsavedChanges, unsaved),
  recentFiles: () => ipcRenderer.invoke(CHANNELS.recentFiles),
  openRecent: (index) => ipcRenderer.invoke(CHANNELS.openRecent, index),
  saveReport: (bytes, suggestedName) =>
    ipcRenderer.invoke(CHANNELS.saveReport, bytes, suggestedName),
  saveCsvTables: (tables, folderName) =>
    ipcRenderer.invoke(CHANNELS.saveCsvTables, tables, folderName),
  readUserCatalog: () => ipcRenderer.invoke(CHANNELS.readUserCatalog),
  writeUserCatalog: (text) => ipcRenderer.invoke(CHANNELS.writeUserCatalog, text),
  saveCatalog: (text, suggestedName) =>
    ipcRenderer.invoke(CHANNELS.saveCatalog, text, suggestedName),
  saveWorkloadsCsv: (text, suggestedName) =>
    ipcRenderer.invoke(CHANNELS.saveWorkloadsCsv, text, suggestedName),
  onMenuCommand: (listener) => {
    const relay = (_event: unknown, command: unknown) => {
      if (isMenuCommand(command)) listener(command);
    };
    ipcRenderer.on(MENU_CHANNEL, relay);
    return () => ipcRenderer.removeListener(MENU_CHANNEL, relay);
  },
} satisfies MainApi;

contextBridge.exposeInMainWorld('stacksizer', api);
