import { Button } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import type { PriceChange } from '../core/types';
import { applyPriceChanges, catalogPriceChanges } from '../files/catalog';
import { attempt } from '../files/failures';
import { useServices } from '../services';
import { useApp } from '../store/context';

/** The open project's part prices that differ from the catalog in use, kept current. */
export function useCatalogPriceChanges(): PriceChange[] {
  const services = useServices();
  const project = useApp((s) => s.project);
  const userCatalog = useApp((s) => s.userCatalog);
  const [changes, setChanges] = useState<PriceChange[]>([]);
  useEffect(() => {
    let current = true;
    attempt(services.store, 'Comparing the project with catalog prices', async () => {
      const found = await catalogPriceChanges(services);
      if (current) setChanges(found);
    });
    return () => {
      current = false;
    };
  }, [services, project, userCatalog]);
  return changes;
}

/** "Apply catalog prices" wherever the app suggests it; nothing when the prices already match. */
export function ApplyCatalogPrices() {
  const services = useServices();
  const changes = useCatalogPriceChanges();
  if (changes.length === 0) return null;
  return (
    <Button
      title={changes.map((c) => c.part_id).join(', ')}
      onClick={() => applyPriceChanges(services, changes)}
    >
      Apply catalog prices ({changes.length})
    </Button>
  );
}
