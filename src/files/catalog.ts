// The user's own hardware catalog: import (checked by the core, all or
// nothing), export, revert to the shipped catalog, keeping it where the
// platform stores it outside the app, and pricing the open project from it.
import type { Catalog, CatalogFormat, PartSlot, PriceChange } from '../core/types';
import type { Services } from '../services';
import { userCatalogJson } from '../store/catalogSlice';
import { setAtPath } from '../store/paths';

/** Catalog files beyond this are refused before reading (the core refuses the same). */
export const MAX_CATALOG_FILE_BYTES = 16 * 1024 * 1024;

/** The name the core reads a kept catalog under: the kept text is always JSON. */
const KEPT_NAME = 'user-catalog.json';

export type CatalogImportResult =
  { status: 'imported' } | { status: 'invalid'; fileName: string; issues: { message: string }[] };

/** Nothing left to keep: every part of the file matched the shipped catalog. */
const isEmpty = (catalog: Catalog) =>
  (catalog.parts ?? []).length === 0 && !catalog.defaults && catalog.price_note === '';

/**
 * Adopts the kept user catalog at start-up. A kept file the core now
 * refuses (edited by hand, or from a future version) is not used; the
 * problems are returned so the app can say why.
 */
export async function loadUserCatalog(services: Services): Promise<{ message: string }[]> {
  const text = await services.platform.readUserCatalog();
  if (text === null) return [];
  const outcome = await services.core.call('catalog/import', {
    bytes: new TextEncoder().encode(text),
    fileName: KEPT_NAME,
  });
  if (outcome.status === 'invalid') return outcome.issues;
  services.store.getState().setUserCatalog(isEmpty(outcome.catalog) ? null : outcome.catalog);
  return [];
}

/** Replaces the user catalog with a CSV or JSON file, only when the whole file is valid. */
export async function importCatalogFile(
  services: Services,
  file: File,
): Promise<CatalogImportResult> {
  if (file.size > MAX_CATALOG_FILE_BYTES) {
    return {
      status: 'invalid',
      fileName: file.name,
      issues: [
        {
          message: `the file is ${file.size} bytes; catalog files may be at most ${MAX_CATALOG_FILE_BYTES} bytes`,
        },
      ],
    };
  }
  const outcome = await services.core.call('catalog/import', {
    bytes: new Uint8Array(await file.arrayBuffer()),
    fileName: file.name,
  });
  if (outcome.status === 'invalid') {
    return { status: 'invalid', fileName: file.name, issues: outcome.issues };
  }
  const catalog = isEmpty(outcome.catalog) ? null : outcome.catalog;
  // Kept first: if storing fails, the app keeps using the previous catalog.
  await services.platform.writeUserCatalog(catalog && JSON.stringify(catalog));
  const state = services.store.getState();
  state.setUserCatalog(catalog);
  state.setCatalogImport({ fileName: file.name, summary: outcome.summary });
  return { status: 'imported' };
}

export async function revertToShippedCatalog(services: Services): Promise<void> {
  await services.platform.writeUserCatalog(null);
  const state = services.store.getState();
  state.setUserCatalog(null);
  state.setCatalogImport(null);
}

/** The catalog in use (shipped parts with the user's over them) as a file. */
export async function exportCatalog(services: Services, format: CatalogFormat): Promise<string> {
  const text = await services.core.call('catalog/export', {
    userCatalogJson: userCatalogJson(services.store.getState()),
    format,
  });
  const result = await services.platform.saveCatalog(text, `catalog.${format}`);
  return result.status === 'saved' ? result.fileName : '';
}

/** The open project's part prices that differ from the catalog in use. */
export async function catalogPriceChanges(services: Services): Promise<PriceChange[]> {
  const state = services.store.getState();
  const outcome = await services.core.call('project/price', {
    projectJson: JSON.stringify(state.project),
    userCatalogJson: userCatalogJson(state),
  });
  // An unreadable project has no prices to bring in line; its problems show elsewhere.
  return outcome.status === 'priced' ? outcome.changes : [];
}

/** Sets those prices in the project as one undoable edit. */
export function applyPriceChanges(services: Services, changes: PriceChange[]): void {
  if (changes.length === 0) return;
  services.store
    .getState()
    .editProject((project) =>
      changes.reduce((p, change) => setAtPath(p, change.path, change.to), project),
    );
}

/**
 * Uses a catalog part in one slot of a cluster's design as one undoable
 * edit. Returns what to tell the user: the price it carries, why it is
 * unpriced, or why it does not fit.
 */
export async function pickCatalogPart(
  services: Services,
  partId: string,
  slot: PartSlot,
): Promise<{ used: boolean; message: string }> {
  const state = services.store.getState();
  const before = state.project;
  const outcome = await services.core.call('catalog/use-part', {
    projectJson: JSON.stringify(before),
    partId,
    slot,
    userCatalogJson: userCatalogJson(state),
  });
  if (outcome.status === 'invalid') {
    return { used: false, message: outcome.issues.map((i) => i.message).join('; ') };
  }
  if (outcome.status === 'refused') return { used: false, message: `Not used: ${outcome.reason}.` };
  const { project, unit_price, currency, unpriced_because } = outcome.part_use;
  // An edit made while the core worked is not overwritten.
  if (services.store.getState().project !== before) {
    return { used: false, message: 'The project changed meanwhile; pick the part again.' };
  }
  services.store.getState().editProject(() => project);
  const price =
    unit_price === undefined || unit_price === null
      ? `left unpriced: ${unpriced_because ?? 'no price'}`
      : `priced at ${unit_price.toLocaleString('en-US', { maximumFractionDigits: 2 })} ${currency}`;
  return { used: true, message: `${partId} is used, ${price}.` };
}
