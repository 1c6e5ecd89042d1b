import { useEffect, useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { LEGACY_DASHBOARD_PATHS, SSO_RETURN_PATH, STAFF_PATHS } from '@servicebay/domain';
import { LoadingBar, UiProvider } from '@servicebay/ui';
import { ServicesContext, type Services } from './context.js';
import { DashboardPage } from './pages/DashboardPage.js';
import { GoHome } from './pages/GoHome.js';
import { LoginPage } from './pages/LoginPage.js';
import { NotFoundPage } from './pages/NotFoundPage.js';
import { PlaceholderPage, type PlaceholderPageId } from './pages/PlaceholderPage.js';
import { ResetPasswordPage } from './pages/ResetPasswordPage.js';
import { SsoReturnPage } from './pages/SsoReturnPage.js';
import { WorkersPage } from './pages/WorkersPage.js';
import { APP_BASENAME, routerPath } from './paths.js';
import { RequireSession } from './layout/RequireSession.js';
import { LanguageFileWarning } from './kit/LanguageFileWarning.js';
import { AccountStoresPage } from './features/account-stores/AccountStoresPage.js';
import { AccountUsersPage } from './features/account-users/AccountUsersPage.js';
import { StoreUsersPage } from './features/store-users/StoreUsersPage.js';
import { StoreSettingsPage } from './features/store-settings/StoreSettingsPage.js';
import { AdminPage } from './features/admin/AdminPage.js';
import { DevOutboxPage } from './features/dev-outbox/DevOutboxPage.js';
import { RepairOrderPage } from './features/repair-orders/RepairOrderPage.js';
import { InspectionListPage } from './features/inspection-list/InspectionListPage.js';
import { SetupWizardPage } from './features/account-setup/SetupWizardPage.js';
import { HelpPage } from './features/help/HelpModal.js';
import { NotificationsPage } from './features/notifications/index.js';
import { SignoffPage } from './features/signoff/SignoffPage.js';
import { ReportPreviewPage } from './features/customer-report/ReportPreviewPage.js';
import { VehicleHistoryPage } from './features/vehicle-history/VehicleHistoryPage.js';
import { TrainingPage } from './features/training/TrainingPage.js';
import { UserCreatedPage } from './features/training/UserCreatedPage.js';
import { RepairOrderFormRoute } from './features/repair-orders/RepairOrderFormRoute.js';
import { LocalScannerPage, VinScanReturnPage } from './features/vin-scan/index.js';
import { VIN_SCAN_PATHS } from '@servicebay/domain';
import { EstimatesPage } from './features/estimates/EstimatesPage.js';
import { ApprovedWorkPage } from './features/estimates/ApprovedWorkPage.js';
import { ApprovalRedirect, LegacyEstimateRedirect } from './features/estimates/ApprovalRedirect.js';
import { WorkOrderPage } from './features/work-orders/WorkOrderPage.js';
import { PartsPage } from './features/work-orders/PartsPage.js';
import { ClockPage } from './features/work-orders/ClockPage.js';
import { LegacyWorkRedirect } from './features/work-orders/LegacyWorkRedirect.js';

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
            </BrowserRouter>
          </UiProvider>
        </QueryClientProvider>
      </I18nextProvider>
    </ServicesContext.Provider>
  );
}
