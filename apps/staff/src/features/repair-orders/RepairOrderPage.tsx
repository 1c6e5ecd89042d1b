import { useEffect, useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import {
  actingRole,
  assignmentOffer,
  hasWorkOrderSupport,
  partsPageTarget,
  displayStepState,
  ORDER_STEPS,
  orderNextStep,
  orderNumberDisplay,
  ORDER_WRITE_ROLES,
  readStoreSettings,
  resultsRecommendWork,
  STAFF_PATHS,
  type OrderNextStep,
  type RepairOrder,
  type ReportNotification,
} from '@servicebay/domain';
import { ApiError } from '@servicebay/web-core';
import { AlertBanner, useAlerts, useDialogs } from '@servicebay/ui';
import { useServices } from '../../context.js';
import { PageHeader } from '../../kit/PageHeader.js';
import { estimatePaths, orderPaths, routerPath, workOrderPaths } from '../../paths.js';
import { useSignedIn } from '../../session/signed-in.js';
import { customerLines, personName, yearMakeModel } from '../dashboard/format.js';
import {
  closeRepairOrder,
  orderQuery,
  reopenRepairOrder,
  storeOrder,
  updateRepairOrder,
} from './repair-order-api.js';
import { formatDuration, useTimeTracker } from './useTimeTracker.js';
import { useFinishOrder, useOrderErrorText } from './useFinishOrder.js';
import { InspectionSection } from './InspectionSection.js';
import { LeftItemList } from './LeftItemList.js';
import { leftEntries } from './inspection-progress.js';
import { ReportSendingSection } from '../report-sending/ReportSendingSection.js';
import { customerQuery, maySendReports } from '../report-sending/report-api.js';
import { ApprovalTrail } from '../customer-report/ApprovalTrail.js';
import { ApprovalBadge } from '../dashboard/OrderCard.js';
import { useLiveOrder } from '../dashboard/useLiveOrders.js';
import { ApprovalHeaderNotice } from '../dashboard/useApprovalNotices.js';
import { resultsQuery } from './inspection-api.js';
import { OrderActionBar } from './OrderActionBar.js';
import { contactLinks } from './order-contact.js';
import { AppointmentPanel } from '../appointments/AppointmentPanel.js';
import { TextCustomerButton } from '../texting/TextCustomerButton.js';
import { ShopChatButton } from '../shop-chat/ShopChatButton.js';
import { useShopChat } from '../shop-chat/ShopChatProvider.js';
import { useChat } from '../texting/ChatProvider.js';

/**
 * /app/store/{storeId}/inspectionOrder/{id}: one repair order on a technician's tablet. This part
 * is the ticket's: who holds it (self-assignment), the time tracker, the six steps,
 * finish / reopen / close with their state rules, the ways on, and a sticky bar with the order's
 * next step as its one primary action. The inspection itself
 * (groups, items, pictures) fills the inspection section (docs/repair-order-page.md).
 */
export function RepairOrderPage() {
  const { t } = useTranslation(['repairOrders', 'dashboard', 'ui']);
  const { api } = useServices();
  const { user, store } = useSignedIn();
  const { storeId = '', inspectionOrderId = '' } = useParams();
  const order = useQuery(orderQuery(api, storeId, inspectionOrderId));
  // Someone else's change (a customer's approval, an advisor's reassignment) shows at once.
  useLiveOrder(storeId, inspectionOrderId);
  // An order opens at its top (its number and customer), not where the previous page was scrolled.
  useEffect(() => {
    // Braces: a browser's scrollTo may answer a promise, which must not be taken for a cleanup.
    window.scrollTo({ top: 0 });
  }, [inspectionOrderId]);
  const settings = readStoreSettings(store);
  const role = actingRole(user);
  const tracker = useTimeTracker({
    order: order.data,
    role,
    storeEnabled: settings.inspectionTimeTrackerEnable,
  });
  const { finish, refusal, blockers, clearRefusal } = useFinishOrder({
    order: order.data,
    store,
    onSignOffPage: false,
    userId: user._id,
  });
  const errorText = useOrderErrorText();
  const close = useCloseOrder(order.data);
  const [reportDialog, setReportDialog] = useState<ReportNotification | null>(null);
  // The results the inspection section loads (one cache entry): whether an estimate is needed.
  const results = useQuery(resultsQuery(api, storeId, inspectionOrderId));
  const next = order.data
    ? orderNextStep({
        states: order.data.states,
        closed: order.data.closed,
        recommendsWork: results.data ? resultsRecommendWork(results.data.results) : null,
      })
    : null;
  const orderTitle = (orderNumber: string | null) => {
    const display = orderNumberDisplay(orderNumber, 'long');
    return display.kind === 'number'
      ? t(`dashboard:${display.key}`, { number: display.number })
      : t(`dashboard:${display.key}`);
  };

  return (
    <Stack gap="lg" data-page="inspectionOrder">
      <PageHeader
        title={order.data ? orderTitle(order.data.orderNumber) : t('dashboard:orderPage.title')}
        purpose={t('dashboard:orderPage.purpose')}
      >
        {order.data?.closed && (
          <Badge variant="outline" color="gray.7">
            {t('dashboard:history.closed')}
          </Badge>
        )}
        {order.data?.finished && !order.data.closed && (
          <Badge color="teal.9">{t('page.finishedBadge')}</Badge>
        )}
        {order.data && <ApprovalBadge state={order.data.states.approval} />}
      </PageHeader>
      {order.data && (
        <CustomerContact
          storeId={order.data.storeId}
          customerId={order.data.customerId}
          inspectionOrderId={order.data._id}
          orderNumber={order.data.orderNumber ?? null}
        />
      )}
      {order.data && !order.data.vehicleInShop && (
        <AppointmentPanel
          storeId={order.data.storeId}
          inspectionOrderId={order.data._id}
          closed={order.data.closed}
          mayConfirm={(ORDER_WRITE_ROLES as readonly string[]).includes(role)}
        />
      )}
      <ApprovalHeaderNotice storeId={storeId} inspectionOrderId={inspectionOrderId} />
      {order.isPending ? (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text>{t('dashboard:orderPage.loading')}</Text>
        </Group>
      ) : order.isError ? (
        <AlertBanner
          alert={{
            type: 'warning',
            message:
              order.error instanceof ApiError && [400, 404].includes(order.error.status)
                ? t('dashboard:orderPage.notFound')
                : t('dashboard:error'),
          }}
        />
      ) : (
        <>
          <OrderSummary order={order.data} />
          <Assignment order={order.data} />
          {tracker.controls.visible && (
            <Paper withBorder radius="lg" p="md" data-testid="time-tracker">
              <Group justify="space-between" wrap="wrap">
                <div>
                  <Text fw={600}>{t('page.timeTracker')}</Text>
                  <Text size="xl" ff="monospace" aria-live="off" data-testid="time-tracker-elapsed">
                    {formatDuration(tracker.elapsedSeconds)}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {order.data.timeTracker.isRunning
                      ? t('page.timeTrackerRunning')
                      : t('page.timeTrackerPaused')}
                  </Text>
                </div>
                {tracker.controls.canStart && (
                  <Button
                    size="lg"
                    onClick={() => tracker.start.mutate(order.data)}
                    loading={tracker.start.isPending}
                  >
                    {t('page.startTimer')}
                  </Button>
                )}
                {tracker.controls.canPause && (
                  <Button
                    size="lg"
                    variant="default"
                    onClick={() => tracker.pause.mutate(order.data)}
                    loading={tracker.pause.isPending}
                  >
                    {t('page.pauseTimer')}
                  </Button>
                )}
              </Group>
              {(tracker.start.error ?? tracker.pause.error) && (
                <Text c="red" size="sm" mt="xs" role="alert">
                  {errorText(tracker.start.error ?? tracker.pause.error)}
                </Text>
              )}
            </Paper>
          )}
          <InspectionSection
            storeId={order.data.storeId}
            orderId={order.data._id}
            closed={order.data.closed}
            pictureUrl={order.data.primaryPicture?.url ?? null}
            pictureName={order.data.primaryPicture?.name ?? null}
            business={order.data._embedded.customer?.business?.trim() || null}
          />
          <ApprovalTrail order={order.data} />
          <OrderActions
            order={order.data}
            next={next}
            finishPending={finish.isPending}
            onFinish={() => finish.mutate()}
            onClose={() => close.mutate()}
            closePending={close.isPending}
          />
          <ReportSendingSection
            order={order.data}
            dialog={reportDialog}
            onDialog={setReportDialog}
            sendInBar={next === 'sendReport'}
          />
          <OrderActionBar
            order={order.data}
            next={next}
            handlers={{
              onFinish: () => finish.mutate(),
              finishPending: finish.isPending,
              onSendReport: () => setReportDialog('report'),
              canSendReport: maySendReports(user.type),
              onClose: () => close.mutate(),
              closePending: close.isPending,
            }}
          />
          <Modal
            opened={refusal !== null}
            onClose={clearRefusal}
            title={t('page.finishConditionsTitle')}
            centered
            closeButtonProps={{ 'aria-label': t('ui:dialog.close') }}
          >
            <Stack>
              <Text>{t('page.finishConditionsIntro')}</Text>
              <Alert color="red" variant="light" role="alert">
                {refusal}
              </Alert>
              {blockers && (
                <LeftItemList
                  orderId={order.data._id}
                  entries={leftEntries(blockers)}
                  onJump={clearRefusal}
                  testId="finish-blockers"
                />
              )}
              <Group justify="flex-end">
                <Button onClick={clearRefusal}>{t('page.ok')}</Button>
              </Group>
            </Stack>
          </Modal>
        </>
      )}
    </Stack>
  );
}

/** Customer, vehicle, people and the six step states. */
function OrderSummary({ order }: { order: RepairOrder }) {
  const { t } = useTranslation(['repairOrders', 'dashboard']);
  const { name, business } = customerLines(order);
  const vehicle = order._embedded.vehicle;
  const notAssigned = t('page.notAssigned');
  return (
    <Paper withBorder radius="lg" p="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Stack gap={2}>
          <Text fw={700} size="lg">
            {name || business}
          </Text>
          {name && business && <Text>{business}</Text>}
          <Text>{yearMakeModel(order)}</Text>
          {vehicle?.licensePlate && <Text c="dimmed">{vehicle.licensePlate}</Text>}
        </Stack>
        <Stack gap={2}>
          <Text>
            {t('page.advisor')}: {personName(order._embedded.serviceAdvisor) || notAssigned}
          </Text>
          <Text data-testid="order-technician">
            {t('page.technician')}: {personName(order._embedded.technician) || notAssigned}
          </Text>
          {order.mileageIn !== null && (
            <Text>
              {t('page.mileageIn')}: {order.mileageIn}
            </Text>
          )}
        </Stack>
      </SimpleGrid>
      <Group gap="xs" mt="md" aria-label={t('page.steps')} role="list">
        {ORDER_STEPS.map((step) => {
          const state = displayStepState(order.states[step]);
          return (
            <Badge
              key={step}
              role="listitem"
              variant={state === 'notStarted' ? 'outline' : 'filled'}
              color={STEP_COLOR[state]}
            >
              {t(`dashboard:steps.${step}`)}: {t(`dashboard:stepStates.${state}`)}
            </Badge>
          );
        })}
      </Group>
    </Paper>
  );
}

const STEP_COLOR = {
  notStarted: 'gray.7',
  pending: 'yellow.9',
  inProgress: 'blue.8',
  done: 'teal.9',
} as const;

/** Self-assignment for a technician, or who holds it for everyone else. */
function Assignment({ order }: { order: RepairOrder }) {
  const { t } = useTranslation('repairOrders');
  const { api } = useServices();
  const { user } = useSignedIn();
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const errorText = useOrderErrorText();
  const offer = assignmentOffer({
    role: actingRole(user),
    userId: user._id,
    technicianId: order.technicianId,
    technicianName: personName(order._embedded.technician),
    closed: order.closed,
  });
  const assign = useMutation({
    mutationFn: () =>
      updateRepairOrder(
        api,
        { storeId: order.storeId, inspectionOrderId: order._id },
        { technicianId: user._id },
      ),
    onSuccess: (updated) => {
      storeOrder(queryClient, updated);
      alerts.show({ type: 'success', message: t('page.assigned') });
    },
    onError: (error) => alerts.show({ type: 'danger', message: errorText(error) }),
  });
  if (offer.kind === 'none') return null;
  if (offer.kind === 'heldByOther') {
    return (
      <Alert color="yellow" variant="light" data-testid="assignment">
        {t('assignment.only_valid_user_can_assign_this_to_you', {
          technician: offer.holderName || t('page.anotherTechnician'),
        })}
      </Alert>
    );
  }
  return (
    <Alert color="blue" variant="light" data-testid="assignment">
      <Group justify="space-between" wrap="wrap">
        <Text>{t('assignment.This_inspection_is_not_assigned_to_yourself')}</Text>
        <Button onClick={() => assign.mutate()} loading={assign.isPending}>
          {t('page.assignToMe')}
        </Button>
      </Group>
    </Alert>
  );
}

/** Closing the ticket, after the confirmation (a closed ticket is final). */
function useCloseOrder(order: RepairOrder | undefined) {
  const { t } = useTranslation('repairOrders');
  const { api } = useServices();
  const alerts = useAlerts();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const errorText = useOrderErrorText();
  return useMutation({
    mutationFn: async () => {
      if (!order) return null;
      const sure = await dialogs.confirm({
        message: t('page.closeConfirm'),
        okLabel: t('page.close'),
        danger: true,
      });
      return sure ? closeRepairOrder(api, { storeId: order.storeId, inspectionOrderId: order._id }) : null;
    },
    onSuccess: (updated) => {
      if (!updated) return;
      storeOrder(queryClient, updated);
      alerts.show({ type: 'success', message: t('page.closed') });
    },
    onError: (error) => alerts.show({ type: 'danger', message: errorText(error) }),
  });
}

/** The customer's phone and e-mail under the order's title, to call or write in one tap, and the chat. */
function CustomerContact({
  storeId,
  customerId,
  inspectionOrderId,
  orderNumber,
}: {
  storeId: string;
  customerId: string;
  inspectionOrderId: string;
  orderNumber: string | null;
}) {
  const { t } = useTranslation('repairOrders');
  const { api } = useServices();
  // The customer record the report dialog reads too (one cache entry).
  const customer = useQuery(customerQuery(api, storeId, customerId));
  const { phone, email } = contactLinks(customer.data);
  const chat = useChat();
  const shopChat = useShopChat();
  if (!phone && !email && !chat && !shopChat) return null;
  return (
    <Group gap="lg" component="nav" aria-label={t('contact.label')} data-testid="customer-contact" mt={-8}>
      <TextCustomerButton storeId={storeId} inspectionOrderId={inspectionOrderId} />
      <ShopChatButton order={{ id: inspectionOrderId, orderNumber }} />
      {phone && (
        <Anchor href={phone.href} fw={600} aria-label={t('contact.call', { phone: phone.text })}>
          {phone.text}
        </Anchor>
      )}
      {email && (
        <Anchor href={email.href} fw={600} aria-label={t('contact.email', { email: email.text })}>
          {email.text}
        </Anchor>
      )}
    </Group>
  );
}

/**
 * Finish, reopen and close, and the ways on. The next step's own action is in the sticky bar
 * (`OrderActionBar`), so it is not repeated here.
 */
function OrderActions({
  order,
  next,
  onFinish,
  finishPending,
  onClose,
  closePending,
}: {
  order: RepairOrder;
  next: OrderNextStep | null;
  onFinish: () => void;
  finishPending: boolean;
  onClose: () => void;
  closePending: boolean;
}) {
  const { t } = useTranslation(['repairOrders', 'dashboard', 'estimates', 'workOrders']);
  const { api } = useServices();
  const { store } = useSignedIn();
  const integration = readStoreSettings(store).integration;
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const errorText = useOrderErrorText();
  const params = { storeId: order.storeId, inspectionOrderId: order._id };
  const reopen = useMutation({
    mutationFn: () => reopenRepairOrder(api, params),
    onSuccess: (updated) => storeOrder(queryClient, updated),
    onError: (error: unknown) => alerts.show({ type: 'danger', message: errorText(error) }),
  });
  return (
    <Group gap="sm" wrap="wrap">
      {!order.closed && next !== 'finish' && (
        <Button size="lg" variant="default" onClick={onFinish} loading={finishPending}>
          {order.finished ? t('page.finishAgain') : t('page.finish')}
        </Button>
      )}
      {!order.closed && order.states.inspection === 'done' && (
        <Button size="lg" variant="default" onClick={() => reopen.mutate()} loading={reopen.isPending}>
          {t('page.reopen')}
        </Button>
      )}
      {!order.closed && next !== 'close' && (
        <Button size="lg" variant="default" onClick={onClose} loading={closePending}>
          {t('page.close')}
        </Button>
      )}
      {next !== 'estimate' && (
        <Button
          component={Link}
          to={estimatePaths.approval(order.storeId, order._id)}
          variant="default"
          data-testid="to-estimate"
        >
          {order.states.estimate === 'done'
            ? t('estimates:approvedWork.title')
            : t('estimates:estimates.title')}
        </Button>
      )}
      {partsPageTarget(integration) === 'inApp' && (
        <Button component={Link} to={workOrderPaths.parts(order.storeId, order._id)} variant="default" data-testid="to-parts">
          {t('workOrders:parts.title')}
        </Button>
      )}
      {hasWorkOrderSupport(integration) && integration.managementSystem === 'protractor' && (
        <Button component={Link} to={workOrderPaths.workOrder(order.storeId, order._id)} variant="default" data-testid="to-work-order">
          {t('workOrders:workOrder.title')}
        </Button>
      )}
      {!order.closed && (
        <Button component={Link} to={orderPaths.ticket(order.storeId, order._id)} variant="default">
          {t('page.editRepairOrder')}
        </Button>
      )}
      <Button component={Link} to={orderPaths.history(order.vehicleId, order._id)} variant="default">
        {t('dashboard:orderPage.history')}
      </Button>
      <Button component={Link} to={routerPath(STAFF_PATHS.dashboard)!} variant="subtle">
        {t('dashboard:orderPage.backToDashboard')}
      </Button>
    </Group>
  );
}
