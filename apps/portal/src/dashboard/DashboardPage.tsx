import { useState, type ReactNode } from 'react';
import { Box, Button, Container, Grid, Group, Loader, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { portalDashboardRoute, portalVehicleOverviewRoute, type PortalVehicle, type VehicleOverview } from '@servicebay/domain';
import { AlertBanner } from '@servicebay/ui';
import { useStore } from '@servicebay/web-core';
import { NextAppointment, RequestAppointmentButton } from '../appointments/index.js';
import { useServices } from '../context.js';
import { FleetList } from '../fleet/FleetList.js';
import { customerHome, forgetCustomerEmail, loginPath } from '../pages/portal-session.js';
import { PasswordEmailModal } from '../password/PasswordEmailModal.js';
import type { PortalVariant } from '../variant.js';
import { ProfileWidget } from '../vehicles/ProfileWidget.js';
import { portalDashboardKey } from './query-keys.js';
import { customerDisplayName } from './dashboard.js';
import { NextVisit } from './NextVisit.js';
import { PortalFooter } from './PortalFooter.js';
import { PortalHeader } from './PortalHeader.js';
import { ServiceHistory } from './ServiceHistory.js';
import { TodoList } from './TodoList.js';

/**
 * /my-car/user/{customerId} and /my-fleet/user/{customerId}, behind the portal guard
 * (docs/portal-dashboard.md). Two requests: the dashboard (store, customer, vehicles), then the
 * selected vehicle's overview (orders, deferred work, to-dos), read again when the vehicle changes.
 * MyCar: profile 3/12, history 6/12, to-do 3/12, next visit 9/12. MyFleet: fleet list 3/12, and
 * 9/12 split into history 8 and next visit 4. Stacked on phones.
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

  // A customer sees only its own page: another id in the address leads back to its own.
  if (own && customerId !== own) return <Navigate to={customerHome(variant, own)} replace />;

  const signOut = async () => {
    await session.logout('signedOut');
    session.takeEndReason();
    forgetCustomerEmail();
    void navigate(loginPath(variant), { replace: true });
  };
  const name = dashboard.data ? customerDisplayName(dashboard.data.customer, variant) : '';
  const refetchOverview = () => overview.refetch();
  const widgetProps = { variant, customerId, vehicles, vehicle, selectVehicle: setChosen };

  let body: ReactNode;
  if (storeId === null) {
    body = <AlertBanner alert={{ type: 'info', message: t('dashboard.noStore') }} />;
  } else if (dashboard.isPending) {
    body = <Pending label={t('dashboard.loading')} />;
  } else if (dashboard.isError) {
    body = <Failed message={t('dashboard.failed')} retry={() => void dashboard.refetch()} />;
  } else if (!vehicle) {
    body = <AlertBanner alert={{ type: 'info', message: t('dashboard.noVehicles') }} />;
  } else {
    const store = dashboard.data.store;
    const slot = (render: (data: VehicleOverview) => ReactNode) =>
      overview.data ? (
        render(overview.data)
      ) : overview.isError ? (
        <Failed message={t('dashboard.overviewFailed')} retry={() => void overview.refetch()} />
      ) : (
        <Pending label={t('dashboard.overviewLoading')} />
      );
    const history = slot((data) => (
      <ServiceHistory key={vehicle._id} vehicle={vehicle} store={store} firstPage={data.orders.orders} totalOrders={data.orders.page.totalElements} />
    ));
    const appointment = (data: VehicleOverview) => (
      <Stack gap="sm">
        <NextAppointment appointment={data.appointment} />
        <RequestAppointmentButton
          customerId={customerId}
          vehicle={vehicle}
          store={store}
          deferredItems={data.deferredItems}
          todos={data.todos}
          onBooked={refetchOverview}
        />
      </Stack>
    );
    const nextVisit = slot((data) => (
      <NextVisit store={store} deferredItems={data.deferredItems} appointment={appointment(data)} onChanged={refetchOverview} />
    ));
    body =
      variant === 'car' ? (
        <Grid gap="md" data-testid="dashboard-grid">
          <Grid.Col span={{ base: 12, sm: 6, md: 3 }} data-area="profile">
            <ProfileWidget {...widgetProps} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 6 }} data-area="history">
            {history}
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 3 }} data-area="todo">
            {slot((data) => <TodoList key={vehicle._id} vehicleId={vehicle._id} todos={data.todos} onChanged={refetchOverview} />)}
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 9 }} data-area="next-visit">
            {nextVisit}
          </Grid.Col>
        </Grid>
      ) : (
        <Grid gap="md" data-testid="dashboard-grid">
          <Grid.Col span={{ base: 12, md: 3 }} data-area="fleet">
            <FleetList {...widgetProps} fleetPicture={dashboard.data.customer.fleetPicture} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            <Grid gap="md">
              <Grid.Col span={{ base: 12, sm: 8 }} data-area="history">
                {history}
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }} data-area="next-visit">
                {nextVisit}
              </Grid.Col>
            </Grid>
          </Grid.Col>
        </Grid>
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
      {dashboard.data && <PortalFooter store={dashboard.data.store} nextMaintenanceMileage={overview.data?.nextMaintenanceMileage ?? null} />}
      <PasswordEmailModal opened={changingPassword} onClose={() => setChangingPassword(false)} username={state?.claims.username ?? ''} />
    </Stack>
  );
}

function Pending({ label }: { label: string }) {
  return (
    <Paper withBorder radius="lg" p="md" h="100%">
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text>{label}</Text>
      </Group>
    </Paper>
  );
}

function Failed({ message, retry }: { message: string; retry: () => void }) {
  const { t } = useTranslation('portal');
  return (
    <Box>
      <Stack gap="xs">
        <AlertBanner alert={{ type: 'warning', message }} />
        <Group>
          <Button variant="default" onClick={retry}>
            {t('dashboard.retry')}
          </Button>
        </Group>
      </Stack>
    </Box>
  );
}
