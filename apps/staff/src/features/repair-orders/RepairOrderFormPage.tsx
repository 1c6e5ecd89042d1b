import { startTransition, useMemo, useState } from 'react';
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import {
  isAdvisor,
  isRole,
  queryId,
  readQueryValues,
  readStoreSettings,
  STAFF_PATHS,
  repairOrderSaveProblem,
  type RepairOrder,
} from '@servicebay/domain';
import { AlertBanner, useAlerts } from '@servicebay/ui';
import { useServices } from '../../context.js';
import { orderPaths, routerPath } from '../../paths.js';
import { PageHeader } from '../../kit/PageHeader.js';
import { StickyActionBar } from '../../kit/StickyActionBar.js';
import { useSignedIn } from '../../session/signed-in.js';
import { CustomerVehiclePanel, type PanelSlots } from '../customers/CustomerVehiclePanel.js';
import { useErrorAlert } from '../customers/errors.js';
import { customerName, vehicleName } from '../customers/names.js';
import { usePanel, type PanelStart } from '../customers/usePanel.js';
import { ConfirmRepairOrderModal, NoCustomerModal } from './RepairOrderFormModals.js';
import { RepairOrderFormFields } from './RepairOrderFormFields.js';
import { createRepairOrder, storeOrder, ticketOrderQuery, ticketStoreQuery, updateRepairOrder } from './repair-order-api.js';
import { emptyRepairOrderForm, invalidMileage, repairOrderBody, formFromRepairOrder, type RepairOrderFormValues } from './repair-order-form.js';

/**
 * /app/store/:storeId/ticket (query vehicleId, customerId, vin), /ticket/:inspectionOrderId (query
 * vehicleInShop=true) and /ticket/household/:householdId (query vehicleId): the customer/vehicle
 * panel and the ticket's fields. A new ticket, once saved, opens as its order (with the number the
 * store gave it); an edited one goes back to the dashboard.
 */
export function RepairOrderFormPage({ slots }: { slots?: PanelSlots }) {
  const { t } = useTranslation('repairOrderForm');
  const { api } = useServices();
  const { storeId = '', inspectionOrderId, householdId } = useParams();
  const [search] = useSearchParams();
  const query = useMemo(() => readQueryValues(search), [search]);

  const order = useQuery({
    ...ticketOrderQuery(api, storeId, inspectionOrderId),
    enabled: Boolean(inspectionOrderId),
    gcTime: 0,
  });

  const title = inspectionOrderId ? t('page.editTitle') : t('page.newTitle');
  if (inspectionOrderId && !order.data) {
    return (
      <Stack gap="lg">
        <PageHeader title={title} />
        {order.isError ? (
          <Stack gap="sm" align="flex-start">
            <AlertBanner alert={{ type: 'warning', message: t('page.loadFailed') }} />
            <Button onClick={() => void order.refetch()}>{t('page.retry')}</Button>
          </Stack>
        ) : (
          <Group gap="sm" role="status">
            <Loader size="sm" aria-hidden="true" />
            <Text>{t('page.loading')}</Text>
          </Group>
        )}
      </Stack>
    );
  }

  const start: PanelStart = order.data
    ? { customerId: order.data.customerId, vehicleId: order.data.vehicleId }
    : { householdId: householdId ?? null, customerId: queryId(query, 'customerId'), vehicleId: queryId(query, 'vehicleId') };
  return (
    <RepairOrderFormEditor
      // Another order, household or query is another ticket: a fresh form.
      key={`${inspectionOrderId ?? ''}|${householdId ?? ''}|${search.toString()}`}
      storeId={storeId}
      title={title}
      start={start}
      searchTerm={queryId(query, 'vin') ?? undefined}
      order={order.data ?? null}
      bringIntoShop={query.vehicleInShop === true}
      slots={slots}
    />
  );
}

function RepairOrderFormEditor({
  storeId,
  title,
  start,
  searchTerm,
  order,
  bringIntoShop,
  slots,
}: {
  storeId: string;
  title: string;
  start: PanelStart;
  searchTerm?: string;
  order: RepairOrder | null;
  bringIntoShop: boolean;
  slots?: PanelSlots;
}) {
  const { t } = useTranslation('repairOrderForm');
  const { api } = useServices();
  const { user } = useSignedIn();
  const alerts = useAlerts();
  const showError = useErrorAlert();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const panel = usePanel(storeId, start);
  const [values, setValues] = useState<RepairOrderFormValues>(() =>
    order ? formFromRepairOrder(order) : emptyRepairOrderForm(isRole(user.type) && isAdvisor(user.type) ? user._id : null),
  );
  const [confirming, setConfirming] = useState(false);
  const [noCustomer, setNoCustomer] = useState(false);

  const store = useQuery({
    ...ticketStoreQuery(api, storeId),
    staleTime: 5 * 60_000,
  });

  const customer = panel.selectedCustomer;
  const vehicle = panel.selectedVehicle;

  const save = useMutation({
    mutationFn: () => {
      const body = repairOrderBody(values, customer!._id, vehicle!._id);
      return order
        ? updateRepairOrder(
            api,
            { storeId, inspectionOrderId: order._id },
            { ...body, ...(bringIntoShop ? { vehicleInShop: true } : {}) },
          )
        : createRepairOrder(api, storeId, { ...body, vehicleInShop: true });
    },
    onSuccess: (saved) => {
      setConfirming(false);
      if (order) {
        alerts.show({ type: 'success', message: t('saved') });
        void navigate(routerPath(STAFF_PATHS.dashboard)!);
        return;
      }
      // The order page opens at once from the answer, the number the store gave it in its header.
      storeOrder(queryClient, saved);
      alerts.show({
        type: 'success',
        message: saved.orderNumber ? t('savedAs', { number: saved.orderNumber }) : t('saved'),
      });
      void navigate(orderPaths.order(saved.storeId, saved._id));
    },
    onError: (error) => {
      setConfirming(false);
      showError(error);
    },
  });

  const trySave = () => {
    const problem = repairOrderSaveProblem({
      editingCustomer: Boolean(panel.state.editingCustomer),
      editingVehicle: Boolean(panel.state.editingVehicle),
      customerId: customer?._id ?? null,
      vehicleId: vehicle?._id ?? null,
      vin: vehicle?.vin,
      orderNumber: values.orderNumber,
      store: store.data ?? null,
      savedVehicleId: order?.vehicleId ?? null,
    });
    if (problem === 'no_contact_selected') return setNoCustomer(true);
    if (problem) return alerts.show({ type: 'danger', strongMessage: t('problems.title'), message: t(`problems.${problem}`) });
    if (invalidMileage(values).length) return alerts.show({ type: 'danger', strongMessage: t('problems.title'), message: t('fields.mileageInvalid') });
    // The confirmation (a modal over the page) is drawn as a transition: the tap is answered at once.
    startTransition(() => setConfirming(true));
  };

  return (
    <Stack gap="lg" data-page="ticket">
      <PageHeader title={title} purpose={t('page.purpose')} />
      <CustomerVehiclePanel panel={panel} slots={slots} searchTerm={searchTerm} />
      <RepairOrderFormFields storeId={storeId} value={values} onChange={setValues} />
      {/* Saving is always in reach, however long the panel grows. */}
      <StickyActionBar label={t('page.actions')} testId="ticket-actions">
        <Button variant="default" size="md" onClick={() => void navigate(routerPath(STAFF_PATHS.dashboard)!)}>
          {t('fields.cancel')}
        </Button>
        <Button size="md" onClick={trySave}>
          {t('fields.save')}
        </Button>
      </StickyActionBar>
      {confirming && customer && vehicle && (
        <ConfirmRepairOrderModal
          summary={{
            customer: customerName(customer),
            vehicle: [vehicleName(vehicle), vehicle.licensePlate].filter(Boolean).join(' · '),
            orderNumber: values.orderNumber.trim(),
            // Editing keeps a blank number blank; a new ticket takes the store's next one when it numbers.
            numberedOnSave: !order && readStoreSettings(store.data).assignOrderNumbers,
            mileageIn: values.mileageIn.trim(),
            waiting: values.waiting,
          }}
          saving={save.isPending}
          onConfirm={() => save.mutate()}
          onClose={() => setConfirming(false)}
        />
      )}
      {noCustomer && <NoCustomerModal onClose={() => setNoCustomer(false)} />}
    </Stack>
  );
}
