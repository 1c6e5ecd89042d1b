import { createContext, useContext } from 'react';
import type { ApiClient, AppI18n, Session } from '@servicebay/web-core';

/** The app's long-lived services, handed down by <App> so tests can pass their own. */
export interface Services {
  i18n: AppI18n;
  api: ApiClient;
  session: Session;
}

export const ServicesContext = createContext<Services | null>(null);

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices needs <App>');
  return services;
}
