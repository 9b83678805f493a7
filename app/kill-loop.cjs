// Child process for atomic-write.kill.test.ts: saves numbered versions of a
// large project in a loop until it is killed. Uses the compiled module, as
// the Electron main process does.
const { writeFileAtomic } = require('../dist/electron/atomic-write.js');

const [target, padBytes] = [process.argv[2], Number(process.argv[3])];
const pad = 'x'.repeat(padBytes);
for (let version = 1; ; version += 1) {
  writeFileAtomic(target, JSON.stringify({ version, pad, complete: true }));
  if (version === 1) process.stdout.write('saving\n');
}
