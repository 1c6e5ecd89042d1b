import { lazy, Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { LEGACY_DASHBOARD_PATHS, SSO_RETURN_PATH, STAFF_PATHS } from '@servicebay/domain';
import { LoadingBar, UiProvider } from '@servicebay/ui';
import { ServicesContext, type Services } from './context.js';
import { PlaceholderPage, type PlaceholderPageId } from './pages/PlaceholderPage.js';
import { APP_BASENAME, routerPath } from './paths.js';
import { LanguageFileWarning } from './kit/LanguageFileWarning.js';
import { PageLoading } from './kit/PageLoading.js';
import { pageLoaded } from './catalogs.js';
import { VIN_SCAN_PATHS } from '@servicebay/domain';

/**
 * Every page is a chunk of its own, fetched when its route is first drawn: the login page loads
 * neither the signed-in shell nor any other page, and the dashboard only its own code (budget:
 * `npm run bench -- staff-size`). While a chunk arrives the page's place shows a loader.
 */
function lazyPage<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(load: () => Promise<M>, name: K): LazyExoticComponent<M[K]> {
  return lazy(async () => {
    const page = (await load())[name];
    pageLoaded();
    return { default: page };
  });
}

const DashboardPage = lazyPage(() => import('./pages/DashboardPage.js'), 'DashboardPage');
const GoHome = lazyPage(() => import('./pages/GoHome.js'), 'GoHome');
const LoginPage = lazyPage(() => import('./pages/LoginPage.js'), 'LoginPage');
const NotFoundPage = lazyPage(() => import('./pages/NotFoundPage.js'), 'NotFoundPage');
const ResetPasswordPage = lazyPage(() => import('./pages/ResetPasswordPage.js'), 'ResetPasswordPage');
const SsoReturnPage = lazyPage(() => import('./pages/SsoReturnPage.js'), 'SsoReturnPage');
const WorkersPage = lazyPage(() => import('./pages/WorkersPage.js'), 'WorkersPage');
const RequireSession = lazyPage(() => import('./layout/RequireSession.js'), 'RequireSession');
const AccountStoresPage = lazyPage(() => import('./features/account-stores/AccountStoresPage.js'), 'AccountStoresPage');
const AccountUsersPage = lazyPage(() => import('./features/account-users/AccountUsersPage.js'), 'AccountUsersPage');
const StoreUsersPage = lazyPage(() => import('./features/store-users/StoreUsersPage.js'), 'StoreUsersPage');
const StoreSettingsPage = lazyPage(() => import('./features/store-settings/StoreSettingsPage.js'), 'StoreSettingsPage');
const AdminPage = lazyPage(() => import('./features/admin/AdminPage.js'), 'AdminPage');
const DevOutboxPage = lazyPage(() => import('./features/dev-outbox/DevOutboxPage.js'), 'DevOutboxPage');
const RepairOrderPage = lazyPage(() => import('./features/repair-orders/RepairOrderPage.js'), 'RepairOrderPage');
const InspectionListPage = lazyPage(() => import('./features/inspection-list/InspectionListPage.js'), 'InspectionListPage');
const SetupWizardPage = lazyPage(() => import('./features/account-setup/SetupWizardPage.js'), 'SetupWizardPage');
const HelpPage = lazyPage(() => import('./features/help/HelpModal.js'), 'HelpPage');
const NotificationsPage = lazyPage(() => import('./features/notifications/index.js'), 'NotificationsPage');
const SignoffPage = lazyPage(() => import('./features/signoff/SignoffPage.js'), 'SignoffPage');
const ReportPreviewPage = lazyPage(() => import('./features/customer-report/ReportPreviewPage.js'), 'ReportPreviewPage');
const VehicleHistoryPage = lazyPage(() => import('./features/vehicle-history/VehicleHistoryPage.js'), 'VehicleHistoryPage');
const TrainingPage = lazyPage(() => import('./features/training/TrainingPage.js'), 'TrainingPage');
const UserCreatedPage = lazyPage(() => import('./features/training/UserCreatedPage.js'), 'UserCreatedPage');
const RepairOrderFormRoute = lazyPage(() => import('./features/repair-orders/RepairOrderFormRoute.js'), 'RepairOrderFormRoute');
const LocalScannerPage = lazyPage(() => import('./features/vin-scan/index.js'), 'LocalScannerPage');
const VinScanReturnPage = lazyPage(() => import('./features/vin-scan/index.js'), 'VinScanReturnPage');
const EstimatesPage = lazyPage(() => import('./features/estimates/EstimatesPage.js'), 'EstimatesPage');
const ApprovedWorkPage = lazyPage(() => import('./features/estimates/ApprovedWorkPage.js'), 'ApprovedWorkPage');
const ApprovalRedirect = lazyPage(() => import('./features/estimates/ApprovalRedirect.js'), 'ApprovalRedirect');
const LegacyEstimateRedirect = lazyPage(() => import('./features/estimates/ApprovalRedirect.js'), 'LegacyEstimateRedirect');
const WorkOrderPage = lazyPage(() => import('./features/work-orders/WorkOrderPage.js'), 'WorkOrderPage');
const PartsPage = lazyPage(() => import('./features/work-orders/PartsPage.js'), 'PartsPage');
const ClockPage = lazyPage(() => import('./features/work-orders/ClockPage.js'), 'ClockPage');
const LegacyWorkRedirect = lazyPage(() => import('./features/work-orders/LegacyWorkRedirect.js'), 'LegacyWorkRedirect');

const to = (fullPath: string) => routerPath(fullPath)!;

/** Destinations not built yet, at their final paths (router paths, without /app). */
const PLACEHOLDER_ROUTES: Array<[path: string, page: PlaceholderPageId]> = [
  ['/v2/account/:accountId/analytics', 'analytics'],
  [to(STAFF_PATHS.advancedSearch), 'advancedSearch'],
  [to(STAFF_PATHS.paymentHistory), 'payments'],
];

export function App({ i18n, api, session, basename = APP_BASENAME }: Services & { basename?: string }) {
  // The API client already retries what is worth retrying; a second layer would multiply waits.
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } } }),
  );
  const [services] = useState(() => ({ i18n, api, session }));

  useEffect(
    () =>
      session.state.subscribe((state) => {
        // Signed out: nothing of the previous user stays in memory on a shared tablet. After the
        // current render, so the pages being left do not refetch what is being dropped.
        if (!state) setTimeout(() => queryClient.clear(), 0);
      }),
    [session, queryClient],
  );

  return (
    <ServicesContext.Provider value={services}>
      <I18nextProvider i18n={i18n.i18n}>
        <QueryClientProvider client={queryClient}>
          <UiProvider>
            <LoadingBar source={api.progress} />
            <LanguageFileWarning />
            <BrowserRouter basename={basename}>
              <Suspense fallback={<PageLoading />}>
                <Routes>
                  <Route path="/login" element={<LoginPage />} />
                  <Route path={to(STAFF_PATHS.resetPassword)} element={<ResetPasswordPage />} />
                  <Route path={to(SSO_RETURN_PATH)} element={<SsoReturnPage />} />
                  {/* The VIN scanner's windows (docs/vin-scanner.md): no menu; the return page checks the session itself. */}
                  <Route path={to(VIN_SCAN_PATHS.returnPage)} element={<VinScanReturnPage />} />
                  <Route path={to(VIN_SCAN_PATHS.localScanner)} element={<LocalScannerPage />} />
                  {Object.entries(LEGACY_DASHBOARD_PATHS).map(([path, variant]) => (
                    <Route key={path} path={to(path)} element={<Navigate to={to(STAFF_PATHS.dashboardVariant(variant))} replace />} />
                  ))}
                  <Route element={<RequireSession />}>
                    <Route index element={<GoHome />} />
                    <Route path={to(STAFF_PATHS.workers)} element={<WorkersPage />} />
                    <Route path={to(STAFF_PATHS.dashboard)} element={<DashboardPage />} />
                    <Route path="/v2/account/:accountId/store" element={<AccountStoresPage />} />
                    <Route path="/v2/account/:accountId/user" element={<AccountUsersPage />} />
                    <Route path="/v2/account/:accountId/store/:storeId/user" element={<StoreUsersPage />} />
                    <Route path="/v2/account/:accountId/store/:storeId/settings" element={<StoreSettingsPage />} />
                    <Route path={to(STAFF_PATHS.admin)} element={<AdminPage />} />
                    <Route path={to(STAFF_PATHS.devOutbox)} element={<DevOutboxPage />} />
                    <Route path="/store/:storeId/inspectionOrder" element={<InspectionListPage />} />
                    <Route path="/store/:storeId/inspectionOrder/:inspectionOrderId" element={<RepairOrderPage />} />
                    <Route path="/v2/account/new/:step" element={<SetupWizardPage />} />
                    <Route path={to(STAFF_PATHS.help)} element={<HelpPage />} />
                    <Route path={to(STAFF_PATHS.notifications)} element={<NotificationsPage />} />
                    <Route path="/store/:storeId/inspectionOrder/:inspectionOrderId/signoff" element={<SignoffPage />} />
                    <Route path="/store/:storeId/inspectionOrder/:inspectionOrderId/estimates" element={<EstimatesPage />} />
                    <Route path="/store/:storeId/inspectionOrder/:inspectionOrderId/approvedWork" element={<ApprovedWorkPage />} />
                    <Route path="/store/:storeId/inspectionOrder/:inspectionOrderId/approval" element={<ApprovalRedirect />} />
                    <Route path="/v2/inspectionOrder/:inspectionOrderId/estimates" element={<LegacyEstimateRedirect key="estimates" page="estimates" />} />
                    <Route path="/v2/inspectionOrder/:inspectionOrderId/approvedWork" element={<LegacyEstimateRedirect key="approvedWork" page="approvedWork" />} />
                    <Route path="/assemble/:inspectionOrderId" element={<LegacyEstimateRedirect key="assemble" page="order" />} />
                    <Route path="/store/:storeId/inspectionOrder/:inspectionOrderId/workOrder" element={<WorkOrderPage />} />
                    <Route path="/store/:storeId/inspectionOrder/:inspectionOrderId/parts" element={<PartsPage />} />
                    <Route path="/store/:storeId/user/:userId/clock" element={<ClockPage />} />
                    <Route path="/inspectionOrder/:inspectionOrderId/state/parts" element={<LegacyWorkRedirect key="parts" page="parts" />} />
                    <Route path="/v2/inspectionOrder/:inspectionOrderId/workStatus" element={<LegacyWorkRedirect key="workStatus" page="workStatus" />} />
                    <Route path="/store/:storeId/inspectionOrder/:inspectionOrderId/preview" element={<ReportPreviewPage />} />
                    <Route path="/vehicle/:vehicleId/history/:inspectionOrderId" element={<VehicleHistoryPage />} />
                    <Route path="/store/:storeId/ticket" element={<RepairOrderFormRoute />} />
                    <Route path="/store/:storeId/ticket/household/:householdId" element={<RepairOrderFormRoute />} />
                    <Route path="/store/:storeId/ticket/:inspectionOrderId" element={<RepairOrderFormRoute />} />
                    <Route path={to(STAFF_PATHS.training)} element={<TrainingPage key="training" page="training" />} />
                    <Route path={to(STAFF_PATHS.education)} element={<TrainingPage key="education" page="education" />} />
                    <Route path={to(STAFF_PATHS.userCreated)} element={<UserCreatedPage />} />
                    {PLACEHOLDER_ROUTES.map(([path, page]) => (
                      <Route key={path} path={path} element={<PlaceholderPage key={page} page={page} />} />
                    ))}
                  </Route>
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
