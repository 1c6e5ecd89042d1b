import { lazy, Suspense, useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router';
import { LoadingBar, UiProvider } from '@servicebay/ui';
import { ServicesContext, type Services } from './context.js';
import { RequirePortalSession } from './pages/RequirePortalSession.js';

// Each page is a chunk of its own: a phone opening the login downloads neither the report nor the
// customer's page (docs/web.md "The portal's bundle"); the server announces the page's chunk with the HTML.
const LoginPage = lazy(() => import('./pages/LoginPage.js').then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() => import('./pages/RegisterPage.js').then((m) => ({ default: m.RegisterPage })));
const DashboardPage = lazy(() => import('./dashboard/DashboardPage.js').then((m) => ({ default: m.DashboardPage })));
const ReportPage = lazy(() => import('./report/ReportPage.js').then((m) => ({ default: m.ReportPage })));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage.js').then((m) => ({ default: m.NotFoundPage })));

/**
 * One bundle for /my-car, /my-fleet and /report: the router sees full paths (no basename) and
 * each page takes its variant from the path it was opened at.
 */
export function App({ i18n, api, session }: Services) {
  // The API client already retries what is worth retrying; a second layer would multiply waits.
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } } }),
  );
  const [services] = useState(() => ({ i18n, api, session }));
  return (
    <ServicesContext.Provider value={services}>
      <I18nextProvider i18n={i18n.i18n}>
        <QueryClientProvider client={queryClient}>
          <UiProvider>
            <LoadingBar source={api.progress} />
            <BrowserRouter>
              <Suspense>
                <Routes>
                  <Route path="/my-car/login" element={<LoginPage variant="car" />} />
                  <Route path="/my-fleet/login" element={<LoginPage variant="fleet" />} />
                  {/* Registration lives at the bare path. */}
                  <Route path="/my-car" element={<RegisterPage key="car" variant="car" />} />
                  <Route path="/my-fleet" element={<RegisterPage key="fleet" variant="fleet" />} />
                  <Route element={<RequirePortalSession />}>
                    <Route path="/my-car/user/:customerId" element={<DashboardPage key="car" variant="car" />} />
                    <Route path="/my-fleet/user/:customerId" element={<DashboardPage key="fleet" variant="fleet" />} />
                  </Route>
                  {/* The customer's report: a link's token or the portal session opens it (docs/reports.md). */}
                  <Route path="/report/:inspectionOrderId" element={<ReportPage />} />
                  <Route path="*" element={<NotFoundPage />} />
                </Routes>
              </Suspense>
            </BrowserRouter>
          </UiProvider>
        </QueryClientProvider>
      </I18nextProvider>
    </ServicesContext.Provider>
  );
}
