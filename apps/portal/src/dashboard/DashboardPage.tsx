import { startTransition, useCallback, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Container, Stack, Title, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { portalDashboardRoute, portalVehicleOverviewRoute, type PortalVehicle } from '@servicebay/domain';
import { AlertBanner } from '@servicebay/ui';
import { useStore } from '@servicebay/web-core';
import { useServices } from '../context.js';
import { customerHome, forgetCustomerEmail, loginPath } from '../pages/portal-session.js';
import { afterFirstPaint } from '../after-first-paint.js';
import { useDrawnInTransition } from '../transition.js';
import { lazyDialog } from '../lazy-dialog.js';
import type { PortalVariant } from '../variant.js';
import { portalDashboardKey } from './query-keys.js';
import { customerDisplayName } from './dashboard.js';
import { PortalFooter } from './PortalFooter.js';
import { PortalHeader } from './PortalHeader.js';
import type { DashboardGridProps } from './DashboardGrid.js';
import { Failed, Pending } from './states.js';

// Loaded when first opened: the page's first paint does not wait for the dialog.
const PasswordEmailModal = lazyDialog(() => import('../password/PasswordEmailModal.js').then((m) => m.PasswordEmailModal));

/**
 * The widgets are a chunk of their own: the frame paints first, and the chunk loads right after,
 * while the customer's data is read. Null until it is there; `failed` when it could not be fetched.
 */
function useDashboardGrid(): { Grid: ComponentType<DashboardGridProps> | null; failed: boolean; retry: () => void } {
  const [Grid, setGrid] = useState<ComponentType<DashboardGridProps> | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(() => {
    setFailed(false);
    import('./DashboardGrid.js').then(
      // A transition: drawing the widgets is done in slices between which the phone stays responsive.
      (m) => startTransition(() => setGrid(() => m.DashboardGrid)),
      () => setFailed(true),
    );
  }, []);
  useEffect(() => afterFirstPaint(load), [load]);
  return { Grid, failed, retry: load };
}

/**
 * /my-car/user/{customerId} and /my-fleet/user/{customerId}, behind the portal guard
 * (docs/portal-dashboard.md). Two requests: the dashboard (store, customer, vehicles), then the
 * selected vehicle's overview (orders, deferred work, to-dos), read again when the vehicle changes.
 * The header, the footer and the states are drawn here; the widgets by DashboardGrid.
 */
export function DashboardPage({ variant }: { variant: PortalVariant }) {
  const { t } = useTranslation('portal');
  const { api, session } = useServices();
  const navigate = useNavigate();
  const state = useStore(session.state);
  const { customerId = '' } = useParams();
  const own = state?.claims.customerId ?? null;
  const storeId = state?.claims.storeId ?? null;
  const [chosen, setChosen] = useState<string | null>(null);
  const [changingPassword, setChangingPassword] = useState(false);
  useDocumentTitle(`${t('dashboard.title')} · ${t(`brand.${variant}`)}`);
  const grid = useDashboardGrid();

  const dashboard = useQuery({
    // The store is part of the key: a session for another store reads everything again.
    queryKey: [...portalDashboardKey(customerId), storeId],
    queryFn: ({ signal }) => api.call(portalDashboardRoute, { params: { customerId }, signal }),
    enabled: own === customerId && storeId !== null,
  });
  const vehicles = dashboard.data?.vehicles ?? [];
  const vehicle: PortalVehicle | null = vehicles.find((v) => v._id === chosen) ?? vehicles[0] ?? null;
  const overview = useQuery({
    queryKey: ['portal-overview', vehicle?._id],
    queryFn: ({ signal }) => api.call(portalVehicleOverviewRoute, { params: { vehicleId: vehicle!._id }, signal }),
    enabled: vehicle !== null,
  });
  // The widgets are drawn once the first overview is there (later vehicles show theirs loading in
  // place): nothing on screen moves when the data arrives. In a transition: the six widgets' first
  // render in one piece would block a phone for most of a second.
  const overviewSeen = useDrawnInTransition(overview.data !== undefined || overview.isError);

  // A customer sees only its own page: another id in the address leads back to its own.
  if (own && customerId !== own) return <Navigate to={customerHome(variant, own)} replace />;

  const signOut = async () => {
    await session.logout('signedOut');
    session.takeEndReason();
    forgetCustomerEmail();
    void navigate(loginPath(variant), { replace: true });
  };
  const name = dashboard.data ? customerDisplayName(dashboard.data.customer, variant) : '';

  let body: ReactNode;
  if (storeId === null) {
    body = <AlertBanner alert={{ type: 'info', message: t('dashboard.noStore') }} />;
  } else if (dashboard.isPending) {
    body = <Pending label={t('dashboard.loading')} />;
  } else if (dashboard.isError) {
    body = <Failed message={t('dashboard.failed')} retry={() => void dashboard.refetch()} />;
  } else if (!vehicle) {
    body = <AlertBanner alert={{ type: 'info', message: t('dashboard.noVehicles') }} />;
  } else if (grid.failed) {
    body = <Failed message={t('dashboard.failed')} retry={grid.retry} />;
  } else if (!grid.Grid || !overviewSeen) {
    body = <Pending label={t('dashboard.loading')} />;
  } else {
    body = (
      <grid.Grid
        variant={variant}
        customerId={customerId}
        vehicles={vehicles}
        vehicle={vehicle}
        selectVehicle={setChosen}
        store={dashboard.data.store}
        fleetPicture={dashboard.data.customer.fleetPicture}
        overview={overview}
      />
    );
  }

  return (
    <Stack gap={0} mih="100dvh" bg="var(--sb-color-page)">
      <PortalHeader variant={variant} name={name} onChangePassword={() => setChangingPassword(true)} onLogout={() => void signOut()} />
      <Container component="main" size="xl" w="100%" py="md" px="md" style={{ flex: 1 }}>
        <VisuallyHidden>
          <Title order={1}>{t('dashboard.title')}</Title>
        </VisuallyHidden>
        {body}
      </Container>
      {/* Under the final content only: a footer drawn under a spinner would jump down. */}
      {dashboard.data && (!vehicle || (grid.Grid && overviewSeen)) && <PortalFooter store={dashboard.data.store} nextMaintenanceMileage={overview.data?.nextMaintenanceMileage ?? null} />}
      <PasswordEmailModal opened={changingPassword} onClose={() => setChangingPassword(false)} username={state?.claims.username ?? ''} />
    </Stack>
  );
}
