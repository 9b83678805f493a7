// Idempotent set-up: installs what is missing, then builds the core (Wasm)
// and the app. `npm start` and `npm test` call it first.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  root,
  coreDir,
  cargoTargetDir,
  wasmPkgDir,
  step,
  must,
  capture,
  hasCommand,
  bin,
} from './lib.mjs';

function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(`StackSizer needs Node.js 20.19 or newer (found ${process.versions.node}).`);
    process.exit(1);
  }
}

function installNodeModules() {
  const lock = readFileSync(join(root, 'package-lock.json'));
  const hash = createHash('sha256').update(lock).digest('hex');
  const stamp = join(root, 'node_modules', '.stacksizer-lock-sha256');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return;
  step('npm ci');
  must('npm', ['ci', '--no-audit', '--no-fund']);
  writeFileSync(stamp, hash);
}

function ensureRust() {
  if (!hasCommand('cargo')) {
    console.error(
      'Rust is missing: install it with rustup (https://rustup.rs), then run this again.',
    );
    process.exit(1);
  }
  const targets = capture('rustup', ['target', 'list', '--installed']) ?? '';
  if (!targets.split('\n').includes('wasm32-unknown-unknown')) {
    step('rustup target add wasm32-unknown-unknown');
    must('rustup', ['target', 'add', 'wasm32-unknown-unknown']);
  }
}

/** The wasm-bindgen version the crate is locked to; the CLI must match it exactly. */
export function lockedWasmBindgenVersion() {
  const lock = readFileSync(join(coreDir, 'Cargo.lock'), 'utf8');
  const match = lock.match(/name = "wasm-bindgen"\nversion = "([^"]+)"/);
  if (!match) throw new Error('core-rs/Cargo.lock does not pin wasm-bindgen');
  return match[1];
}

function ensureWasmBindgen() {
  const wanted = lockedWasmBindgenVersion();
  if (capture('wasm-bindgen', ['--version']) === `wasm-bindgen ${wanted}`) return;
  step(`cargo install wasm-bindgen-cli --version ${wanted} (a few minutes, once)`);
  // Not --locked: the CLI's shipped lockfile names a crate version this index lacks.
  must('cargo', ['install', 'wasm-bindgen-cli', '--version', wanted]);
}

/**
 * The app's two Wasm modules: the one the Worker starts with (its size is a
 * budget, docs/performance.md) and the one with the RVTools workbook import
 * and the reports, loaded on first use. Each goes through npm's binaryen
 * `wasm-opt -O1` (never Debian's, whose v108 breaks wasm-bindgen's output:
 * ../shared/TOOLCHAIN.md): 16 % smaller gzip with the design search as
 * fast in V8. -Oz saved 9 % but made the search a third slower; -O2 and
 * -O3 inline more and save less (docs/performance.md).
 */
export const WASM_MODULES = [
  { name: 'stacksizer_core', features: 'wasm', loaded: 'at start-up' },
  { name: 'stacksizer_exchange', features: 'wasm-exchange', loaded: 'on first import or report' },
];

function buildCore() {
  for (const { name, features } of WASM_MODULES) {
    step(`build the sizing core for WebAssembly: ${name}`);
    // No default features: the CLI's crates stay out of the module.
    must(
      'cargo',
      [
        'build',
        '--profile',
        'wasm-release',
        '--lib',
        '--target',
        'wasm32-unknown-unknown',
        '--no-default-features',
        '--features',
        features,
      ],
      { cwd: coreDir },
    );
    const wasm = join(
      cargoTargetDir,
      'wasm32-unknown-unknown',
      'wasm-release',
      'stacksizer_core.wasm',
    );
    mkdirSync(wasmPkgDir, { recursive: true });
    must('wasm-bindgen', [
      wasm,
      '--out-dir',
      wasmPkgDir,
      '--out-name',
      name,
      '--target',
      'web',
      '--typescript',
    ]);
    const bindgenOutput = join(wasmPkgDir, `${name}_bg.wasm`);
    must(bin('wasm-opt'), [
      '-O1',
      ...WASM_FEATURES.map((feature) => `--enable-${feature}`),
      bindgenOutput,
      '-o',
      bindgenOutput,
    ]);
  }
}

/** The post-MVP features rustc's wasm32 target emits, which wasm-opt must be told of. */
const WASM_FEATURES = ['bulk-memory', 'nontrapping-float-to-int', 'sign-ext', 'mutable-globals'];

function buildApp() {
  step('build the renderer and the Electron main process');
  must(bin('vite'), ['build', '--logLevel', 'warn']);
  must(bin('tsc'), ['-p', 'tsconfig.electron.json']);
  // The package is ESM; Electron's sandboxed preload and main are emitted as CommonJS.
  writeFileSync(join(root, 'dist', 'electron', 'package.json'), '{ "type": "commonjs" }\n');
}

export function setup() {
  checkNode();
  installNodeModules();
  ensureRust();
  ensureWasmBindgen();
  buildCore();
  buildApp();
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) setup();
