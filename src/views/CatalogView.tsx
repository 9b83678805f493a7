import { Button, HTMLTable } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { ScrollRegion } from '../components/ScrollRegion';
import type { CatalogListing, PartPrice } from '../core/types';
import {
  applyPriceChanges,
  exportCatalog,
  importCatalogFile,
  revertToShippedCatalog,
} from '../files/catalog';
import { attempt } from '../files/failures';
import { pickFile } from '../files/inventory';
import { useServices } from '../services';
import { userCatalogJson } from '../store/catalogSlice';
import { useApp } from '../store/context';
import { formatMoney } from '../units';
import { useCatalogPriceChanges } from './ApplyCatalogPrices';
import { specCells } from './CatalogPicker';

const CATALOG_ACCEPT = '.csv,.json,text/csv,application/json';

const money = (price: PartPrice | undefined) =>
  price ? formatMoney(price.unit_price, price.currency, 2) : '';

/**
 * The hardware catalog in use: shipped parts and prices next to the user's
 * own (kept apart from the app, so upgrades keep them), with import,
 * export and revert, and the open project's prices brought in line.
 */
export function CatalogView() {
  const services = useServices();
  const { core } = services;
  const userCatalog = useApp((s) => s.userCatalog);
  const imported = useApp((s) => s.catalogImport);
  const setCatalogImport = useApp((s) => s.setCatalogImport);
  const [listing, setListing] = useState<CatalogListing | null>(null);
  const [problem, setProblem] = useState<{ fileName: string; issues: { message: string }[] }>();
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    attempt(services.store, 'Listing the catalog', async () => {
      const listed = await core.call('catalog/listing', {
        userCatalogJson: userCatalogJson({ userCatalog }),
      });
      if (current) setListing(listed);
    });
    return () => {
      current = false;
    };
  }, [services.store, core, userCatalog]);

  const changes = useCatalogPriceChanges();

  const run = (action: string, task: () => Promise<string | null>) => {
    setNotice(null);
    return attempt(services.store, action, async () => setNotice(await task()));
  };

  const userParts = listing?.rows.filter((r) => r.user).length ?? 0;

  return (
    <section className="panel" aria-labelledby="catalog-heading">
      <h2 id="catalog-heading">Hardware catalog</h2>
      <p className="muted">
        {listing?.price_note} Your own prices, part numbers and parts (a CSV or JSON file) are kept
        apart from the app, so upgrades keep them; they price new designs, the design search and,
        when you apply them, this project&apos;s bill of materials.
      </p>
      <div className="panel-actions">
        <Button
          onClick={() =>
            run('Importing your catalog', async () => {
              const file = await pickFile(CATALOG_ACCEPT);
              if (!file) return null;
              const result = await importCatalogFile(services, file);
              if (result.status === 'invalid') {
                setProblem(result);
                return null;
              }
              setProblem(undefined);
              return null;
            })
          }
        >
          Import catalog…
        </Button>
        <Button
          onClick={() =>
            run('Exporting the catalog as CSV', async () => {
              const saved = await exportCatalog(services, 'csv');
              return saved && `Catalog exported as ${saved}.`;
            })
          }
        >
          Export catalog CSV
        </Button>
        <Button
          onClick={() =>
            run('Exporting the catalog as JSON', async () => {
              const saved = await exportCatalog(services, 'json');
              return saved && `Catalog exported as ${saved}.`;
            })
          }
        >
          Export catalog JSON
        </Button>
        <Button
          disabled={!userCatalog}
          onClick={() =>
            run('Reverting to the shipped catalog', async () => {
              if (!window.confirm('Forget your catalog and use the shipped prices and parts?')) {
                return null;
              }
              await revertToShippedCatalog(services);
              setProblem(undefined);
              return 'Using the shipped catalog.';
            })
          }
        >
          Revert to shipped catalog
        </Button>
        {notice && (
          <span role="status" className="notice">
            {notice}
          </span>
        )}
      </div>
      {problem && (
        <div className="file-problem" role="alert" data-testid="catalog-problem">
          <p>
            {problem.fileName} was not imported. Nothing was changed. Fix these cells in the file
            and import it again:
          </p>
          <ul>
            {problem.issues.map((issue, i) => (
              <li key={`${i}:${issue.message}`}>{issue.message}</li>
            ))}
          </ul>
          <Button onClick={() => setProblem(undefined)}>Close</Button>
        </div>
      )}
      {imported && (
        <div data-testid="catalog-import-summary">
          <p>
            Imported {imported.fileName}: {imported.summary.parts_read} parts read,{' '}
            {imported.summary.overridden.length} overriding shipped parts,{' '}
            {imported.summary.added.length} added, {imported.summary.unchanged} the same as shipped
            (not kept). Prices in {imported.summary.currency}.
          </p>
          <Button onClick={() => setCatalogImport(null)}>Close</Button>
        </div>
      )}
      <div className="panel-actions" data-testid="catalog-price-sync">
        {changes.length === 0 ? (
          <span>This project&apos;s part prices match the catalog.</span>
        ) : (
          <>
            <span>
              {changes.length} part price{changes.length === 1 ? '' : 's'} in this project differ
              from the catalog ({changes.map((c) => c.part_id).join(', ')}).
            </span>
            <Button onClick={() => applyPriceChanges(services, changes)}>
              Apply catalog prices
            </Button>
          </>
        )}
      </div>
      <p className="muted" data-testid="catalog-counts">
        {listing ? `${listing.rows.length} parts, ${userParts} from your catalog.` : 'Loading…'}
      </p>
      {listing && (
        <ScrollRegion label="Catalog parts">
          <HTMLTable compact striped className="grid catalog-table" data-testid="catalog-table">
            <thead>
              <tr>
                <th scope="col">Part</th>
                <th scope="col">Category</th>
                <th scope="col">Vendor and model</th>
                <th scope="col">Specification</th>
                <th scope="col">Shipped price</th>
                <th scope="col">Your price</th>
                <th scope="col">Shipped part no.</th>
                <th scope="col">Your part no.</th>
              </tr>
            </thead>
            <tbody>
              {listing.rows.map((r) => (
                <tr key={r.id} data-part={r.id}>
                  <td>{r.id}</td>
                  <td>{r.category.replace('_', ' ')}</td>
                  <td>
                    {r.vendor} {r.model}
                    {r.legacy && <span className="muted"> (legacy)</span>}
                  </td>
                  <td>{specCells(r.spec).join('; ')}</td>
                  <td>{money(r.shipped)}</td>
                  <td>{money(r.user)}</td>
                  <td>{r.shipped?.part_number}</td>
                  <td>{r.user?.part_number}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </ScrollRegion>
      )}
    </section>
  );
}
