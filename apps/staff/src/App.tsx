import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { LoadingBar, UiProvider } from '@servicebay/ui';
import { ServicesContext, type Services } from './context.js';
import { LoginPage } from './pages/LoginPage.js';
import { NotFoundPage } from './pages/NotFoundPage.js';

export function App({ i18n, api, basename = '/app' }: Services & { basename?: string }) {
  // The API client already retries what is worth retrying (spec §8); a second layer would multiply waits.
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } } }),
  );
  const [services] = useState(() => ({ i18n, api }));
  return (
    <ServicesContext.Provider value={services}>
      <I18nextProvider i18n={i18n.i18n}>
        <QueryClientProvider client={queryClient}>
          <UiProvider>
            <LoadingBar source={api.progress} />
            <BrowserRouter basename={basename}>
              <Routes>
                <Route index element={<Navigate to="/login" replace />} />
                <Route path="/login" element={<LoginPage />} />
                <Route path="*" element={<NotFoundPage />} />
              </Routes>
            </BrowserRouter>
          </UiProvider>
        </QueryClientProvider>
      </I18nextProvider>
    </ServicesContext.Provider>
  );
}
