import { lazy, Suspense, type ReactNode } from 'react';
import { Grid, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PictureLink, PortalStore, PortalVehicle, VehicleOverview } from '@servicebay/domain';
import { NextAppointment, RequestAppointmentButton } from '../appointments/index.js';
import { usePageTexts } from '../page-texts.js';
import type { PortalVariant } from '../variant.js';
import { ProfileWidget } from '../vehicles/ProfileWidget.js';
import { NextVisit } from './NextVisit.js';
import { ServiceHistory } from './ServiceHistory.js';
import { Failed, Pending } from './states.js';
import { dashboardTexts } from './texts.js';
import { TodoList } from './TodoList.js';

// Only a fleet manager's page draws it (with the logo upload and its editor).
const FleetList = lazy(() => import('../fleet/FleetList.js').then((m) => ({ default: m.FleetList })));

export interface DashboardGridProps {
  variant: PortalVariant;
  customerId: string;
  vehicles: PortalVehicle[];
  vehicle: PortalVehicle;
  selectVehicle: (vehicleId: string) => void;
  store: PortalStore;
  /** The fleet manager's logo, from the dashboard's read. */
  fleetPicture: PictureLink;
  /** The selected vehicle's overview, as the page reads it. */
  overview: Pick<UseQueryResult<VehicleOverview>, 'data' | 'isError' | 'refetch'>;
}

/**
 * The dashboard's widgets once the customer's vehicles are known. MyCar: profile 3/12, history
 * 6/12, to-do 3/12, next visit 9/12. MyFleet: fleet list 3/12, and 9/12 split into history 8 and
 * next visit 4. Stacked on phones. A chunk of its own: the page's frame paints first and this
 * loads while the customer's data is read.
 */
export function DashboardGrid({ variant, customerId, vehicles, vehicle, selectVehicle, store, fleetPicture, overview }: DashboardGridProps) {
  usePageTexts(dashboardTexts);
  const { t } = useTranslation('portal');
  const refetchOverview = () => overview.refetch();
  const widgetProps = { variant, customerId, vehicles, vehicle, selectVehicle };
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
        booked={data.appointment !== null}
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
  return variant === 'car' ? (
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
        <Suspense fallback={<Pending label={t('dashboard.loading')} />}>
          <FleetList {...widgetProps} fleetPicture={fleetPicture} />
        </Suspense>
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
