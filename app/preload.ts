import { contextBridge, ipcRenderer } from 'electron';
import { CHANNELS, type MainApi } from './api';

const api = {
  openProject: () => ipcRenderer.invoke(CHANNELS.openProject),
  saveProject: (text, saveAs) => ipcRenderer.invoke(CHANNELS.saveProject, text, saveAs),
  appVersion: () => ipcRenderer.invoke(CHANNELS.appVersion),
} satisfies MainApi;

contextBridge.exposeInMainWorld('stacksizer', api);
