// The compiled main-process recovery handlers (dist/electron/ipc.js), called
// as the trusted renderer would call them, for kill.test.ts and its child.
const { join } = require('node:path');
const { registerIpc } = require('../dist/electron/ipc.js');
const { CHANNELS } = require('../dist/electron/api.js');

const RENDERER = 'app://stacksizer/index.html';

/** `writeRecovery(sessionId, text)` and `readRecoveryCopies()` over `recoveryDir`. */
function recoveryHandlers(recoveryDir) {
  const handlers = new Map();
  registerIpc({
    ipcMain: { handle: (channel, handler) => handlers.set(channel, handler) },
    dialog: {},
    window: () => null,
    appVersion: 'kill-test',
    recoveryDir,
    userCatalogPath: join(recoveryDir, '..', 'catalog.json'),
    recentPath: join(recoveryDir, '..', 'recent.json'),
    addRecentDocument: () => {},
    rendererUrl: RENDERER,
    onUnsavedChanges: () => {},
  });
  const call = (channel, ...args) =>
    handlers.get(channel)({ senderFrame: { url: RENDERER } }, ...args);
  return {
    writeRecovery: (sessionId, text) => call(CHANNELS.writeRecovery, sessionId, text),
    readRecoveryCopies: () => call(CHANNELS.readRecoveryCopies),
  };
}

module.exports = { recoveryHandlers };
