// The percentage an inventory read's progress bar shows. The core reports
// how far its read has got (bytes inflated, then rows read against each
// sheet's declared rows: core-rs/src/import/progress.rs); the stages
// around it cannot be measured from inside, so each stage has a band of
// the bar, stated here and assumed from the 10,000-VM RVTools import in
// the app (bench/import-app-timing.mjs, 2026-11-26): loading the file's
// bytes is quick, starting the importer (fetching and compiling its Wasm
// module) took 100-200 ms, the core's read 450-700 ms, and building the
// preview and handing it to the page 250-550 ms more. That last stage
// has no band: the bar stays at its end until the preview replaces it.
import type { ReadProgress } from '../core/inventory-read';

/** `opening`: the file's bytes are being loaded in the page. */
export type ImportProgress = { stage: 'opening' } | ReadProgress;

/** Each stage's band of the bar, in percent: where it starts and ends. */
export const STAGE_BANDS: Record<ImportProgress['stage'], readonly [number, number]> = {
  opening: [0, 2],
  loading: [2, 15],
  reading: [15, 80],
};

/** The whole percent done, 0 to 80; a fraction out of range counts as its nearest end. */
export function importPercent(progress: ImportProgress): number {
  const [start, end] = STAGE_BANDS[progress.stage];
  const fraction = progress.stage === 'reading' ? progress.fraction : 0;
  const within = Number.isFinite(fraction) ? Math.min(Math.max(fraction, 0), 1) : 0;
  return Math.floor(start + (end - start) * within);
}
