// `npm run cli -- <args>`: builds the native CLI when needed, then runs it
// from the folder npm was started in, passing its exit code through.
import { join } from 'node:path';
import { coreDir, cargoTargetDir, must, run } from './lib.mjs';

must('cargo', ['build', '--release', '--quiet', '--features', 'cli', '--bin', 'stacksizer'], {
  cwd: coreDir,
});
const cli = join(cargoTargetDir, 'release', 'stacksizer');
process.exit(run(cli, process.argv.slice(2), { cwd: process.env.INIT_CWD ?? process.cwd() }));
