import { useEffect, useState } from 'react';
import type { CatalogListing } from '../core/types';
import { attempt } from '../files/failures';
import { useServices } from '../services';
import { userCatalogJson } from '../store/catalogSlice';
import { useApp } from '../store/context';

/** The catalog the core sizes with (the user's own merged in); null until listed. */
export function useCatalogListing(): CatalogListing | null {
  const services = useServices();
  const userCatalog = useApp((s) => s.userCatalog);
  const [listing, setListing] = useState<CatalogListing | null>(null);
  useEffect(() => {
    let current = true;
    attempt(services.store, 'Listing the catalog', async () => {
      const listed = await services.core.call('catalog/listing', {
        userCatalogJson: userCatalogJson({ userCatalog }),
      });
      if (current) setListing(listed);
    });
    return () => {
      current = false;
    };
  }, [services, userCatalog]);
  return listing;
}
