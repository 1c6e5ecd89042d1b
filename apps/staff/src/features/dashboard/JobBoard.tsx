import { useState, type DragEvent } from 'react';
import { Anchor, Badge, Button, Group, Loader, Menu, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  actingRole,
  BOARD_SIZE,
  ORDER_STAGES,
  orderNumberDisplay,
  type OrderStage,
  type User,
} from '@servicebay/domain';
import { useAlerts } from '@servicebay/ui';
import { isApiError } from '@servicebay/web-core';
import { useServices } from '../../context.js';
import {
  assignTargets,
  boardColumns,
  boardTechnicians,
  mayMove,
  moveRefusal,
  refusedMove,
  type BoardTechnician,
} from './board.js';
import { customerLines, personName, vehicleLines } from './format.js';
import {
  applyOrderEvent,
  assignOrder,
  boardWorkersQuery,
  orderKey,
  type DashboardOrder,
  type OrderList,
} from './orders-api.js';
import './board.css';

/** The drag's payload type: an order id (anything else dropped on a technician is ignored). */
const ORDER_DRAG_TYPE = 'application/x-servicebay-order';

/**
 * The advisor's job board (docs/dashboard.md "Job board"): the open orders in the shop in six
 * stage columns (`orderStage`), which scroll sideways on a tablet. A card is dragged onto a
 * technician above the columns to give it to them, or moved with its "Assign" menu (the keyboard's
 * and the screen reader's way, and a tap's). Moves the assignment rules refuse are not offered;
 * the server checks them again. The list is the dashboard's own cached list, kept live by the same
 * order events.
 */
export function JobBoard({
  user,
  storeId,
  data,
  isPending,
  isError,
  onRetry,
}: {
  user: User;
  storeId: string;
  data: OrderList | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const { api } = useServices();
  const workers = useQuery(boardWorkersQuery(api, storeId));
  const technicians = boardTechnicians((workers.data ?? []) as Parameters<typeof boardTechnicians>[0]);
  const actor = { role: actingRole(user), userId: user._id };
  const move = useMove(storeId, technicians);
  const [dragging, setDragging] = useState<DashboardOrder | null>(null);

  if (!data) {
    return isError ? (
      <Paper withBorder radius="lg" p="md" role="alert">
        <Group justify="space-between">
          <Text>{t('error')}</Text>
          <Button variant="default" onClick={onRetry}>
            {t('retry')}
          </Button>
        </Group>
      </Paper>
    ) : (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text>{t('loading')}</Text>
      </Group>
    );
  }

  const columns = boardColumns(data.orders);
  const held = (id: string | null) => data.orders.filter((o) => o.technicianId === id).length;
  const drop = (technicianId: string | null) => (event: DragEvent) => {
    event.preventDefault();
    const id = event.dataTransfer.getData(ORDER_DRAG_TYPE);
    const order = data.orders.find((o) => o._id === id);
    setDragging(null);
    if (order) move.to(order, technicianId, mayMove(actor, order, technicianId), refusedMove(actor, order));
  };

  return (
    <Stack gap="sm" data-testid="job-board" aria-busy={isPending || undefined}>
      <Paper
        withBorder
        radius="lg"
        p="sm"
        component="section"
        aria-labelledby="board-technicians"
        className="board-technicians"
      >
        <Group gap="xs" justify="space-between" wrap="wrap" mb={6}>
          <Title order={2} size="h5" id="board-technicians">
            {t('board.technicians')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('board.dragHint')}
          </Text>
        </Group>
        {/* Focusable, so that a row wider than the screen scrolls by keyboard too. */}
        <Group
          gap="xs"
          wrap="nowrap"
          className="board-technician-row"
          role="list"
          aria-labelledby="board-technicians"
          tabIndex={0}
        >
          {[...technicians, { id: null, name: t('board.unassigned') } as const].map((tech) => {
            const allowed = dragging
              ? mayMove(actor, dragging, tech.id) && dragging.technicianId !== tech.id
              : false;
            return (
              <Paper
                key={tech.id ?? 'none'}
                role="listitem"
                withBorder
                radius="md"
                px="sm"
                py={6}
                className="board-drop"
                data-technician-id={tech.id ?? ''}
                data-drop={dragging ? (allowed ? 'allowed' : 'refused') : undefined}
                onDragOver={(event) => {
                  if (!allowed) return;
                  event.preventDefault();
                  event.dataTransfer.dropEffect = 'move';
                }}
                onDrop={drop(tech.id)}
              >
                <Text size="sm" fw={600}>
                  {tech.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('board.cards', { count: held(tech.id) })}
                </Text>
              </Paper>
            );
          })}
        </Group>
      </Paper>

      {data.total > data.orders.length && (
        <Text size="sm" role="note" data-testid="board-truncated">
          {t('board.truncated', { shown: Math.min(data.orders.length, BOARD_SIZE), total: data.total })}
        </Text>
      )}

      <div className="board-columns" data-testid="board-columns">
        {ORDER_STAGES.map((stage) => (
          <BoardColumn key={stage} stage={stage} count={columns[stage].length}>
            {columns[stage].map((order) => (
              <BoardCard
                key={order._id}
                order={order}
                storeId={storeId}
                targets={assignTargets(actor, order, technicians)}
                pending={move.pendingId === order._id}
                onAssign={(technicianId) => move.to(order, technicianId, true, 'onlySelf')}
                onDragStart={(event) => {
                  event.dataTransfer.setData(ORDER_DRAG_TYPE, order._id);
                  event.dataTransfer.effectAllowed = 'move';
                  setDragging(order);
                }}
                onDragEnd={() => setDragging(null)}
              />
            ))}
          </BoardColumn>
        ))}
      </div>
    </Stack>
  );
}

function BoardColumn({
  stage,
  count,
  children,
}: {
  stage: OrderStage;
  count: number;
  children: React.ReactNode;
}) {
  const { t } = useTranslation('dashboard');
  const id = `board-stage-${stage}`;
  return (
    <section className="board-column" aria-labelledby={id} data-stage={stage}>
      <Group justify="space-between" gap="xs" className="board-column-head">
        <Title order={2} size="h5" id={id}>
          {t(`stages.${stage}`)}
        </Title>
        <Badge variant="outline" color="gray.7" c="bright" aria-label={t('board.count', { count })}>
          {count}
        </Badge>
      </Group>
      {count === 0 ? (
        <Text size="sm" c="dimmed" py="xs">
          {t('board.emptyColumn')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" className="board-cards">
          {children}
        </Stack>
      )}
    </section>
  );
}

function BoardCard({
  order,
  storeId,
  targets,
  pending,
  onAssign,
  onDragStart,
  onDragEnd,
}: {
  order: DashboardOrder;
  storeId: string;
  targets: ReturnType<typeof assignTargets>;
  pending: boolean;
  onAssign: (technicianId: string | null) => void;
  onDragStart: (event: DragEvent) => void;
  onDragEnd: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const { name, business } = customerLines(order);
  const vehicle = vehicleLines(order);
  const technician = personName(order._embedded.technician);
  const number = orderNumberDisplay(order.orderNumber, 'short');
  const label = number.kind === 'number' ? t(number.key, { number: number.number }) : t(number.key);
  const allowed = targets.filter((target) => target.allowed);

  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      className="board-card"
      data-order-id={order._id}
      data-order-number={order.orderNumber ?? ''}
      draggable
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
    >
      <Stack gap={4}>
        <Group justify="space-between" gap={4} wrap="wrap">
          <Anchor
            component={Link}
            to={`/store/${encodeURIComponent(storeId)}/inspectionOrder/${encodeURIComponent(order._id)}`}
            fw={700}
            style={{ whiteSpace: 'nowrap' }}
            draggable={false}
            aria-label={t('card.open', { order: label, customer: name || business || t('card.noCustomer') })}
          >
            {label}
          </Anchor>
          {order.waiting && (
            <Badge color="red.9" variant="filled" size="sm" data-testid="waiting-badge">
              {t('card.waiting')}
            </Badge>
          )}
        </Group>
        <Text size="sm" fw={600} lineClamp={1}>
          {name || business || t('card.noCustomer')}
        </Text>
        <Text size="sm" lineClamp={1}>
          {vehicle.description || vehicle.plate || t('card.noVehicle')}
        </Text>
        <Group justify="space-between" gap={4} wrap="nowrap">
          <Text size="sm" c="dimmed" lineClamp={1} data-testid="board-technician">
            {technician || t('board.unassigned')}
          </Text>
          {/* No focus placeholder: a focusable element that is not an item breaks the menu role (axe). */}
          <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
            <Menu.Target>
              <Button
                size="compact-sm"
                variant="default"
                loading={pending}
                disabled={allowed.length === 0}
                aria-label={t('board.assignLabel', { order: label })}
              >
                {t('board.assign')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {allowed.map((target) => (
                <Menu.Item
                  key={target.id ?? 'none'}
                  onClick={() => onAssign(target.id)}
                  data-technician-id={target.id ?? ''}
                >
                  {target.name ?? t('board.unassigned')}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * A card's move to a technician: refused at once (with the rule's words) when the rules do not
 * allow it, else sent; the answer (the whole order) goes into every cached list and the cached
 * order at once, and a short notice says who has it now. A refusal from the server says why.
 */
function useMove(storeId: string, technicians: readonly BoardTechnician[]) {
  const { t } = useTranslation(['dashboard', 'repairOrders']);
  const { api } = useServices();
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const nameOf = (id: string | null) => technicians.find((x) => x.id === id)?.name ?? t('board.unassigned');
  const label = (order: DashboardOrder) => {
    const number = orderNumberDisplay(order.orderNumber, 'short');
    return number.kind === 'number' ? t(number.key, { number: number.number }) : t(number.key);
  };
  const refusal = (order: DashboardOrder, why: 'heldByOther' | 'onlySelf') =>
    why === 'heldByOther'
      ? t('repairOrders:assignment.only_valid_user_can_assign_this_to_you', {
          technician: personName(order._embedded.technician) || t('repairOrders:page.anotherTechnician'),
        })
      : t('board.onlySelf');

  const mutation = useMutation({
    mutationFn: (move: { order: DashboardOrder; technicianId: string | null }) =>
      assignOrder(api, storeId, move.order._id, move.technicianId),
    onSuccess: (order, move) => {
      applyOrderEvent(queryClient, storeId, { type: 'updated', order });
      if (queryClient.getQueryData(orderKey(storeId, order._id)))
        queryClient.setQueryData(orderKey(storeId, order._id), order);
      alerts.show({
        type: 'success',
        message: move.technicianId
          ? t('board.assigned', { order: label(move.order), technician: nameOf(move.technicianId) })
          : t('board.unassignedNow', { order: label(move.order) }),
      });
    },
    onError: (error, move) => {
      const why = moveRefusal(isApiError(error) ? error : null);
      const message =
        why === 'heldByOther' || why === 'onlySelf'
          ? refusal(move.order, why)
          : why === 'closed'
            ? t('repairOrders:errors.ORDER_CLOSED')
            : why === 'offline'
              ? t('repairOrders:page.offline')
              : t('board.assignFailed', { order: label(move.order) });
      alerts.show({ type: 'danger', message });
    },
  });

  return {
    pendingId: mutation.isPending ? (mutation.variables?.order._id ?? null) : null,
    to(
      order: DashboardOrder,
      technicianId: string | null,
      allowed: boolean,
      why: 'heldByOther' | 'onlySelf',
    ) {
      if (order.technicianId === technicianId) return;
      if (!allowed) {
        alerts.show({ type: 'warning', message: refusal(order, why) });
        return;
      }
      mutation.mutate({ order, technicianId });
    },
  };
}
