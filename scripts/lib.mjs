// Helpers for the set-up, build and test scripts. Node built-ins only: these
// run before node_modules exists.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = dirname(dirname(fileURLToPath(import.meta.url)));
export const coreDir = join(root, 'core-rs');
export const cargoTargetDir = process.env.CARGO_TARGET_DIR || join(coreDir, 'target');
export const wasmPkgDir = join(root, 'src', 'core', 'pkg');

export function step(message) {
  console.log(`\n==> ${message}`);
}

/** Runs a command with inherited output; returns its exit status. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    cwd: root,
    ...options,
    env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1', ...options.env },
  });
  if (result.error) {
    console.error(`cannot run ${command}: ${result.error.message}`);
    return 127;
  }
  return result.status ?? 1;
}

/** Runs a command and stops the script when it fails. */
export function must(command, args, options = {}) {
  const status = run(command, args, options);
  if (status !== 0) {
    console.error(`\nfailed (exit ${status}): ${command} ${args.join(' ')}`);
    process.exit(status || 1);
  }
}

/** Captures a command's standard output, or null when it cannot run. */
export function capture(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', ...options });
  return result.status === 0 ? result.stdout.trim() : null;
}

export function hasCommand(command) {
  return capture('sh', ['-c', `command -v ${command}`]) !== null;
}

export const bin = (name) => join(root, 'node_modules', '.bin', name);

export const exists = (path) => existsSync(join(root, path));

/** `preferred` when it is free on 127.0.0.1, else any free port. */
export function freePort(preferred) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(freePort(0)));
    server.listen(preferred, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
