// `npm start`: set-up, then the Electron app on the built-in example project;
// where Electron's binary is missing, the same app served on a local URL.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setup } from './setup.mjs';
import { root, run, bin, freePort } from './lib.mjs';

/** Electron's npm package records its downloaded binary in path.txt. */
function electronBinary() {
  const dir = join(root, 'node_modules', 'electron');
  const pathFile = join(dir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

setup();
const electron = electronBinary();
if (electron) {
  process.exit(run(electron, ['.']));
}
const port = await freePort(Number(process.env.PORT ?? 4280));
console.log(
  `\nElectron's binary is not installed (it cannot be downloaded here); serving the same app at http://127.0.0.1:${port}/ instead.`,
);
process.exit(run(bin('vite'), ['preview', '--port', String(port)]));
