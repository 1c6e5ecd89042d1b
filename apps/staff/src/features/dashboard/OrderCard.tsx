import { useEffect, useRef } from 'react';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { displayStepState, ORDER_STEPS, orderNumberDisplay, type StepState } from '@servicebay/domain';
import { customerLines, dayAndTime, personName, vehicleLines } from './format.js';
import type { DashboardOrder } from './orders-api.js';
import { reportStatusOf } from './report-status.js';
import { technicianState, type CardView, type TechnicianState } from './technician-view.js';
import { ShopChatButton } from '../shop-chat/ShopChatButton.js';
import { useShopChat } from '../shop-chat/ShopChatProvider.js';
import './dashboard.css';

// Colours that keep WCAG AA contrast for the badge text (white on blue.8 / teal.9, black on yellow.3).
const STATE_BADGE: Record<StepState, { variant: 'outline' | 'filled'; color: string; c?: string }> = {
  notStarted: { variant: 'outline', color: 'gray.7' },
  pending: { variant: 'filled', color: 'yellow.3', c: 'black' },
  inProgress: { variant: 'filled', color: 'blue.8' },
  done: { variant: 'filled', color: 'teal.9' },
};

// One look per technician state, each with AA contrast (black on the light fills, white on the dark).
const TECHNICIAN_BADGE: Record<TechnicianState, { color: string; c?: string }> = {
  toInspect: { color: 'yellow.3', c: 'black' },
  inspecting: { color: 'blue.8' },
  inspectionFinished: { color: 'teal.9' },
  workToDo: { color: 'orange.3', c: 'black' },
  working: { color: 'indigo.8' },
  workDone: { color: 'gray.7' },
};

// Outlined in the status colour with the scheme's brightest text (black, white in the dark scheme),
// readable on the card and on its highlight (WCAG AA; orange text falls under 4.5:1).
const REPORT_BADGE = { sent: 'blue.9', reading: 'orange.9', read: 'teal.9' } as const;

/** The order number as the card shows it: 'RO 1234' or 'No order number'. */
export function OrderNumber({
  orderNumber,
  style = 'short',
}: {
  orderNumber: string | null;
  style?: 'short' | 'long';
}) {
  const { t } = useTranslation('dashboard');
  const display = orderNumberDisplay(orderNumber, style);
  return <>{display.kind === 'number' ? t(display.key, { number: display.number }) : t(display.key)}</>;
}

/**
 * One order on the dashboard: a link to its inspection order page, with the order number, the
 * customer and business, year make model, plate, advisor and technician, promised (or expected)
 * time, the waiting badge and the six step states (advisors) or the technician's one state
 * (`technicianState`: to inspect, inspecting, work to do...). A highlighted card (the order whose report was
 * just sent) scrolls into view, takes the focus (a screen reader reads its name) and glows for a
 * few seconds, with a "Just sent" badge that stays.
 */
export function OrderCard({
  order,
  storeId,
  appointment = false,
  highlighted = false,
  view = 'steps',
}: {
  order: DashboardOrder;
  storeId: string;
  appointment?: boolean;
  highlighted?: boolean;
  view?: CardView;
}) {
  const ref = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (!highlighted || !ref.current) return;
    ref.current.scrollIntoView({ block: 'center' });
    ref.current.focus({ preventScroll: true });
  }, [highlighted]);
  const { t, i18n } = useTranslation('dashboard');
  const { t: tr } = useTranslation('reportSending');
  const language = i18n.language;
  const { name, business } = customerLines(order);
  const vehicle = vehicleLines(order);
  const advisor = personName(order._embedded.serviceAdvisor);
  const technician = personName(order._embedded.technician);
  const number = orderNumberDisplay(order.orderNumber, 'long');
  const orderLabel = number.kind === 'number' ? t(number.key, { number: number.number }) : t(number.key);
  const when = appointment ? order.scheduled : order.timePromised;
  const moment = when ? dayAndTime(when, language) : null;
  const reportStatus = reportStatusOf(order);
  const shopChat = useShopChat();

  // The shop chat's icon sits beside the card, not in it: the card is a link, and a button may not
  // be inside a link.
  const card = (
    <Card
      component={Link}
      to={`/store/${encodeURIComponent(storeId)}/inspectionOrder/${encodeURIComponent(order._id)}`}
      withBorder
      radius="lg"
      padding="md"
      ref={ref}
      className={
        highlighted ? 'dashboard-order-card dashboard-order-card--highlight' : 'dashboard-order-card'
      }
      data-order-id={order._id}
      data-highlighted={highlighted || undefined}
      data-order-number={order.orderNumber ?? ''}
      aria-label={[
        t('card.open', { order: orderLabel, customer: name || business || t('card.noCustomer') }),
        view === 'technician' ? t(`technicianStates.${technicianState(order.states)}`) : null,
        highlighted ? t('card.justSent') : null,
      ]
        .filter(Boolean)
        .join(', ')}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs" pr={shopChat ? 40 : 0}>
          <Text fw={700} size="lg" data-testid="order-number">
            <OrderNumber orderNumber={order.orderNumber} />
          </Text>
          {highlighted && (
            <Badge color="bay.9" variant="filled" data-testid="just-sent">
              {t('card.justSent')}
            </Badge>
          )}
          {reportStatus && (
            <Badge
              color={REPORT_BADGE[reportStatus]}
              variant="outline"
              c="bright"
              data-testid="report-status"
              data-status={reportStatus}
            >
              {tr(`status.${reportStatus}`)}
            </Badge>
          )}
          {order.waiting && (
            <Badge color="red.9" variant="filled" data-testid="waiting-badge">
              {t('card.waiting')}
            </Badge>
          )}
        </Group>
        <div>
          <Text fw={600}>{name || (business ? '' : t('card.noCustomer'))}</Text>
          {business && <Text size="sm">{business}</Text>}
        </div>
        {(vehicle.description || !vehicle.known) && (
          <Text size="sm">{vehicle.description || t('card.noVehicle')}</Text>
        )}
        {(vehicle.plate || vehicle.fleet || vehicle.vin) && (
          <Group gap="sm">
            {vehicle.plate && <Text size="sm">{t('card.plate', { plate: vehicle.plate })}</Text>}
            {vehicle.fleet && <Text size="sm">{t('card.fleet', { fleet: vehicle.fleet })}</Text>}
            {vehicle.vin && <Text size="sm">{t('card.vin', { vin: vehicle.vin })}</Text>}
          </Group>
        )}
        <Text size="sm" c="dimmed">
          {advisor ? t('card.advisor', { name: advisor }) : null}
          {advisor ? ' · ' : null}
          {technician ? t('card.technician', { name: technician }) : t('card.unassigned')}
        </Text>
        {moment && (
          <Text size="sm" fw={500}>
            {appointment
              ? t('card.scheduled', { date: moment.date, time: moment.time })
              : moment.today
                ? t('card.promisedToday', { time: moment.time })
                : t('card.promised', { date: moment.date, time: moment.time })}
          </Text>
        )}
        {view === 'technician' ? (
          <TechnicianStateBadge states={order.states} />
        ) : (
          <StepBadges states={order.states} />
        )}
      </Stack>
    </Card>
  );
  if (!shopChat) return card;
  return (
    <div className="dashboard-order-card-wrap">
      {card}
      <div className="dashboard-order-card-chat">
        <ShopChatButton order={{ id: order._id, orderNumber: order.orderNumber }} compact />
      </div>
    </div>
  );
}

/**
 * The order's approval step once the customer was asked (awaiting, in progress, done), in the
 * step badges' colours: the order page's header shows it, live.
 */
export function ApprovalBadge({ state }: { state: StepState }) {
  const { t } = useTranslation('dashboard');
  if (state === 'notStarted') return null;
  const look = STATE_BADGE[state];
  return (
    <Badge
      variant={look.variant}
      color={look.color}
      c={look.c}
      data-testid="approval-state"
      data-state={state}
    >
      {t(`approvalState.${state}`)}
    </Badge>
  );
}

/** The six step states, parts' two extra states shown as in progress (the advisor's cards). */
function StepBadges({ states }: { states: DashboardOrder['states'] }) {
  const { t } = useTranslation('dashboard');
  return (
    <Group gap={4} aria-label={t('card.steps')} role="group">
      {ORDER_STEPS.map((step) => {
        // Parts' two extra states show as in progress.
        const state = displayStepState(states[step]);
        const look = STATE_BADGE[state];
        return (
          <Badge
            key={step}
            size="sm"
            radius="sm"
            variant={look.variant}
            color={look.color}
            c={look.c}
            data-step={step}
            data-state={state}
          >
            {t(`steps.${step}`)}: {t(`stepStates.${state}`)}
          </Badge>
        );
      })}
    </Group>
  );
}

/** The one state that matters to a technician, large enough to read across the bay. */
function TechnicianStateBadge({ states }: { states: DashboardOrder['states'] }) {
  const { t } = useTranslation('dashboard');
  const state = technicianState(states);
  const look = TECHNICIAN_BADGE[state];
  return (
    <Group gap={4}>
      <Badge
        size="lg"
        radius="sm"
        variant="filled"
        color={look.color}
        c={look.c}
        data-testid="technician-state"
        data-state={state}
      >
        {t(`technicianStates.${state}`)}
      </Badge>
    </Group>
  );
}
