import { createContext, useContext, type ReactNode } from 'react';
import type { CoreClient } from './core/client';
import type { Platform } from './platform';
import type { AppStore } from './store';

/** What views need beyond state: the core, the platform's files, the store itself. */
export interface Services {
  core: CoreClient;
  platform: Platform;
  store: AppStore;
}

const ServicesContext = createContext<Services | null>(null);

export function ServicesProvider({
  services,
  children,
}: {
  services: Services;
  children: ReactNode;
}) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices must be used inside <ServicesProvider>');
  return services;
}
