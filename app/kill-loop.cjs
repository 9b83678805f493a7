// Child process for kill.test.ts: writes numbered versions of a large
// project in a loop until it is killed, with the compiled modules the
// Electron main process runs. Mode `save`: writeFileAtomic onto a target
// file. Mode `autosave`: the recovery-copy IPC handler the renderer calls
// after each edit, writing into a recovery folder.
const { writeFileAtomic } = require('../dist/electron/atomic-write.js');
const { recoveryHandlers } = require('./kill-ipc.cjs');

const [mode, target, padBytes] = [process.argv[2], process.argv[3], Number(process.argv[4])];
const pad = 'x'.repeat(padBytes);
const write =
  mode === 'autosave'
    ? (() => {
        const { writeRecovery } = recoveryHandlers(target);
        return (text) => writeRecovery('kill-test', text);
      })()
    : (text) => writeFileAtomic(target, text);

(async () => {
  for (let version = 1; ; version += 1) {
    await write(JSON.stringify({ version, pad, complete: true }));
    if (version === 1) process.stdout.write('saving\n');
  }
})();
