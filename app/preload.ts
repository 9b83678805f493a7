import { contextBridge, ipcRenderer } from 'electron';
import { CHANNELS, type MainApi } from './api';

const api = {
  openProject: () => ipcRenderer.invoke(CHANNELS.openProject),
  saveProject: (text, saveAs) => ipcRenderer.invoke(CHANNELS.saveProject, text, saveAs),
  appVersion: () => ipcRenderer.invoke(CHANNELS.appVersion),
  readRecovery: () => ipcRenderer.invoke(CHANNELS.readRecovery),
  writeRecovery: (text) => ipcRenderer.invoke(CHANNELS.writeRecovery, text),
  clearRecovery: () => ipcRenderer.invoke(CHANNELS.clearRecovery),
  setUnsavedChanges: (unsaved) => ipcRenderer.invoke(CHANNELS.setUnsavedChanges, unsaved),
} satisfies MainApi;

contextBridge.exposeInMainWorld('stacksizer', api);
