import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  AppError,
  allLabourDone,
  errors,
  isOwnerOrManager,
  isWorkOrderClosed,
  partsStateOf,
  readStoreSettings,
  workStateOf,
  ZWorkOrderWebhook,
  type ClockEvent,
  type ClockRequest,
  type PartsState,
  type RepairOrder,
  type Role,
  type RunningClock,
  type StepState,
  type StoreSettings,
  type WorkOrder,
  type WorkOrderTextField,
} from '@servicebay/domain';
import type { Db } from '../../platform/db/client.js';
import { createIntegrationsRepository } from './integrations.repository.js';
import type { ApprovedWork, LineSelector, RemoteWorkOrder, ShopSystemAdapter } from './shop-system.js';

/**
 * The shop-management integration's use cases (docs/integrations.md): the ticket's approved work
 * goes to the store's shop system as a work order; its labour lines, parts and the technicians'
 * clocks are read and changed there; the ticket mirrors the work order's lines (servicePackages)
 * and its work and parts states, so the dashboard shows them without asking the system.
 */

type Integration = StoreSettings['integration'];

export interface IntegrationOrdersPort {
  get(storeId: string, id: string): Promise<RepairOrder>;
  /** Writes the mirror of the work order on the ticket (closed tickets too) and, with `publish`, tells its dashboards and pages. */
  mirror(
    storeId: string,
    id: string,
    change: { servicePackages?: RepairOrder['servicePackages']; stateWork?: StepState; stateParts?: PartsState; repairOrderId?: string },
    publish: boolean,
  ): Promise<void>;
}

export interface IntegrationsDeps {
  db: Db;
  store(storeId: string): Promise<{ settings: unknown } | null>;
  orders: IntegrationOrdersPort;
  /** The customer's approved and declined estimate lines of the ticket. */
  approvedJobs(storeId: string, orderId: string): Promise<ApprovedWork['jobs']>;
  workerName(storeId: string, userId: string): Promise<string | null>;
  /** The adapter for an integration: the simulator for a local endpoint, else the HTTP client. */
  adapterFor(integration: Integration): ShopSystemAdapter;
  /** The key each store's webhook secret is derived from. */
  webhookKey: string | Uint8Array;
  now?: () => Date;
}

export interface Caller {
  id: string;
  type: Role;
}

/** Webhooks signed longer ago (or ahead) than this are refused; their receipts are kept twice as long. */
export const WEBHOOK_WINDOW_SECONDS = 300;

const TEXT_OF_WEBHOOK: Record<string, WorkOrderTextField> = {
  servicePackageFooterTitleUpdated: 'footerTitle',
  servicePackageFooterDescriptionUpdated: 'footerDescription',
  servicePackageHeaderDescriptionUpdated: 'headerDescription',
};

/** The store's webhook secret: derived from the server's key, so every server process agrees on it. */
export function storeWebhookSecret(key: string | Uint8Array, storeId: string): string {
  return createHmac('sha256', key).update(`servicebay work-order webhook:${storeId}`).digest('base64url');
}

/** The webhook signature header's value for a body sent at `seconds`. */
export function webhookSignature(secret: string, seconds: number, body: string): string {
  return `t=${seconds},v1=${createHmac('sha256', secret).update(`${seconds}.${body}`).digest('hex')}`;
}

const closedError = () => new AppError(409, 'WORK_ORDER_CLOSED', 'The work order is closed or invoiced');

/** What the use cases share: the store's adapter, the ticket's link and mirror. */
function integrationContext(deps: IntegrationsDeps) {
  const now = deps.now ?? (() => new Date());
  const repo = createIntegrationsRepository(deps.db);

  async function integrationOf(storeId: string): Promise<Integration> {
    const store = await deps.store(storeId);
    if (!store) throw errors.notFound();
    return readStoreSettings(store.settings).integration;
  }

  /** The store's Protractor adapter; vastenterprise and PBS are not connected yet (INTEGRATION_NOT_ENABLED). */
  async function adapterOf(storeId: string): Promise<{ adapter: ShopSystemAdapter; integration: Integration }> {
    const integration = await integrationOf(storeId);
    if (!integration.enabled || integration.managementSystem !== 'protractor') {
      throw new AppError(404, 'INTEGRATION_NOT_ENABLED', 'The store has no Protractor integration');
    }
    return { adapter: deps.adapterFor(integration), integration };
  }

  const present = (wo: RemoteWorkOrder, integration: Integration): WorkOrder => ({
    ...wo,
    closed: isWorkOrderClosed(wo),
    allDone: allLabourDone(wo.ServicePackages),
    expandedByDefault: integration.displayAllExpandedByDefault,
  });

  /** The ticket's mirror of the work order: its labour lines and work state, written only when they changed. */
  async function mirror(storeId: string, order: RepairOrder, wo: RemoteWorkOrder) {
    const servicePackages = wo.ServicePackages.map((p) => ({
      id: p.ID,
      name: p.Description,
      lines: p.ServicePackageLines.filter((l) => l.Type === 'Labor').map((l) => ({ id: l.ID, done: l.Completed })),
    }));
    const stateWork = workStateOf(wo.ServicePackages);
    const same = JSON.stringify(servicePackages) === JSON.stringify(order.servicePackages) && order.states.work === stateWork && order.repairOrderId !== null;
    if (same) return;
    await deps.orders.mirror(storeId, order._id, { servicePackages, stateWork, ...(order.repairOrderId ? {} : { repairOrderId: wo.ID }) }, true);
  }

  /** The ticket's work order, by its link or asked of the system; NOT_FOUND before any work was sent. */
  async function remoteOf(storeId: string, orderId: string, adapter: ShopSystemAdapter): Promise<RemoteWorkOrder> {
    const link = await repo.linkOf(storeId, orderId);
    const wo = link ? await adapter.workOrder(storeId, link.workOrderId) : await adapter.workOrderOf(storeId, orderId);
    if (!wo) throw errors.notFound('No work order for this ticket yet');
    if (!link) await repo.remember(storeId, orderId, wo.ID, now());
    return wo;
  }

  return { deps, now, repo, integrationOf, adapterOf, present, mirror, remoteOf };
}

type Context = ReturnType<typeof integrationContext>;

/** The work order and parts of a ticket. */
function workOrderUseCases(ctx: Context) {
  const { deps, repo, adapterOf, present, mirror, remoteOf, now } = ctx;

  /** Runs a change on the ticket's work order (refused when closed or invoiced), then mirrors and answers it. */
  async function change(storeId: string, orderId: string, work: (adapter: ShopSystemAdapter, wo: RemoteWorkOrder) => Promise<RemoteWorkOrder>) {
    const { adapter, integration } = await adapterOf(storeId);
    const order = await deps.orders.get(storeId, orderId);
    const current = await remoteOf(storeId, orderId, adapter);
    if (isWorkOrderClosed(current)) throw closedError();
    const updated = await work(adapter, current);
    await mirror(storeId, order, updated);
    return present(updated, integration);
  }

  return {
    async workOrder(storeId: string, orderId: string): Promise<WorkOrder> {
      const { adapter, integration } = await adapterOf(storeId);
      const order = await deps.orders.get(storeId, orderId);
      const wo = await remoteOf(storeId, orderId, adapter);
      await mirror(storeId, order, wo);
      return present(wo, integration);
    },

    async workOrderById(storeId: string, workOrderId: string): Promise<WorkOrder> {
      const { adapter, integration } = await adapterOf(storeId);
      const wo = await adapter.workOrder(storeId, workOrderId);
      if (!wo) throw errors.notFound('No such work order');
      return present(wo, integration);
    },

    /** Sends the approved work in one call to the system, whatever the number of lines; a job sent before is not added again. */
    async sync(storeId: string, orderId: string): Promise<WorkOrder> {
      const { adapter, integration } = await adapterOf(storeId);
      const order = await deps.orders.get(storeId, orderId);
      const technician = order.technicianId ? { ID: order.technicianId, Name: (await deps.workerName(storeId, order.technicianId)) ?? '' } : null;
      const jobs = await deps.approvedJobs(storeId, orderId);
      const vehicle = order._embedded.vehicle;
      const vehicleName = vehicle ? [vehicle.year, vehicle.make, vehicle.model].filter(Boolean).join(' ') : '';
      const header = [order.orderNumber ? `RO ${order.orderNumber}` : '', vehicleName].filter(Boolean).join(' · ');
      const wo = await adapter.pushApprovedWork(storeId, { inspectionOrderId: orderId, headerDescription: header, technician, jobs });
      await repo.remember(storeId, orderId, wo.ID, now());
      await mirror(storeId, order, wo);
      return present(wo, integration);
    },

    setText(storeId: string, orderId: string, field: WorkOrderTextField, value: string) {
      return change(storeId, orderId, (adapter, wo) => adapter.setText(storeId, wo.ID, field, value));
    },

    /** Done or clear: everything, one line, or one technician's lines. */
    setCompleted(storeId: string, orderId: string, selector: LineSelector, completed: boolean) {
      return change(storeId, orderId, (adapter, wo) => adapter.setCompleted(storeId, wo.ID, selector, completed));
    },

    async parts(storeId: string, orderId: string) {
      const { adapter } = await adapterOf(storeId);
      const order = await deps.orders.get(storeId, orderId);
      const wo = await remoteOf(storeId, orderId, adapter);
      const items = await adapter.parts(storeId, wo.ID);
      const state = partsStateOf(items);
      if (order.states.parts !== state) await deps.orders.mirror(storeId, orderId, { stateParts: state }, true);
      return { items, state };
    },
  };
}

/** The technicians' clocks: shift in and out, a clock per work-order line. */
function clockUseCases(ctx: Context) {
  const { deps, repo, adapterOf, integrationOf, mirror, remoteOf, now } = ctx;

  async function clockAdapterOf(storeId: string) {
    const found = await adapterOf(storeId);
    if (!found.integration.enableClockIn) throw new AppError(404, 'CLOCK_IN_DISABLED', 'The store does not use clock-in');
    return found.adapter;
  }

  async function runningOf(adapter: ShopSystemAdapter, storeId: string, userId: string): Promise<RunningClock> {
    const events = await adapter.clockEvents(storeId, { employeeId: userId, since: new Date(now().getTime() - 7 * 86_400_000) });
    const shift = events.find((e) => e.Type === 'Shift' && e.ClockedOut === null) ?? null;
    const line = events.find((e) => e.Type === 'Labor' && e.ClockedOut === null) ?? null;
    const link = line?.WorkOrderID ? await repo.linkByWorkOrder(storeId, line.WorkOrderID) : null;
    return { userId, shift, line, inspectionOrderId: link?.inspectionOrderId ?? null };
  }

  /** A technician clocks for itself; an owner or manager may act for a technician of the store. */
  function mayClockFor(caller: Caller, userId: string) {
    if (caller.id !== userId && !isOwnerOrManager(caller.type)) throw errors.forbidden('A technician clocks for itself only');
  }

  /** After a line clock changes, the ticket's mirror follows (work starts). */
  async function afterClock(storeId: string, adapter: ShopSystemAdapter, event: ClockEvent) {
    if (!event.WorkOrderID) return;
    const link = await repo.linkByWorkOrder(storeId, event.WorkOrderID);
    const wo = link ? await adapter.workOrder(storeId, event.WorkOrderID) : null;
    if (link && wo) await mirror(storeId, await deps.orders.get(storeId, link.inspectionOrderId), wo);
  }

  return {
    async storeEvents(storeId: string, userId: string | undefined) {
      const adapter = await clockAdapterOf(storeId);
      const start = new Date(now());
      start.setUTCHours(0, 0, 0, 0);
      return { items: await adapter.clockEvents(storeId, { employeeId: userId, since: start }) };
    },

    async orderEvents(storeId: string, orderId: string) {
      const adapter = await clockAdapterOf(storeId);
      await deps.orders.get(storeId, orderId);
      const link = await repo.linkOf(storeId, orderId);
      return { items: link ? await adapter.clockEvents(storeId, { workOrderId: link.workOrderId }) : [] };
    },

    /** The running clock; NOT_FOUND when none runs, or the store has no clock-in. */
    async running(storeId: string, userId: string, caller: Caller): Promise<RunningClock> {
      mayClockFor(caller, userId);
      const integration = await integrationOf(storeId);
      if (!integration.enabled || integration.managementSystem !== 'protractor' || !integration.enableClockIn) throw errors.notFound('No clock runs');
      const clock = await runningOf(deps.adapterFor(integration), storeId, userId);
      if (!clock.shift && !clock.line) throw errors.notFound('No clock runs');
      return clock;
    },

    async clock(storeId: string, userId: string, caller: Caller, action: 'start' | 'stop' | 'clockIn' | 'clockOut', body?: ClockRequest): Promise<RunningClock> {
      mayClockFor(caller, userId);
      const adapter = await clockAdapterOf(storeId);
      if (action === 'clockIn') await adapter.clockIn(storeId, userId);
      else if (action === 'clockOut') {
        const running = await runningOf(adapter, storeId, userId);
        await adapter.clockOut(storeId, userId);
        if (running.line) await afterClock(storeId, adapter, running.line);
      } else {
        if (!body) throw errors.mandatory('servicePackageLineId');
        const order = await deps.orders.get(storeId, body.inspectionOrderId);
        const wo = await remoteOf(storeId, order._id, adapter);
        const event =
          action === 'start'
            ? await adapter.startLine(storeId, userId, wo.ID, body.servicePackageLineId, (await deps.workerName(storeId, userId)) ?? '')
            : await adapter.stopLine(storeId, userId, wo.ID, body.servicePackageLineId);
        await afterClock(storeId, adapter, event);
      }
      return runningOf(adapter, storeId, userId);
    },
  };
}

const refused = (why: string) => new AppError(403, 'FORBIDDEN', `Webhook refused: ${why}`);

/** The shop system's webhooks: a work order's header or footer text changed on its side. */
function webhookUseCases(ctx: Context) {
  const { deps, repo, now } = ctx;
  return {
    /**
     * The signature (HMAC-SHA256 under the store's secret over "<t>.<body>") within 5 minutes and
     * never seen before, else 403 and nothing changes; then the text is kept and the ticket's
     * dashboards and pages told, so an open work-order page shows it without a reload.
     */
    async receiveWebhook(name: string, signatureHeader: string | undefined, body: unknown): Promise<{ received: boolean }> {
      const field = TEXT_OF_WEBHOOK[name];
      if (!field) throw errors.notFound();
      const parsed = ZWorkOrderWebhook.safeParse(body);
      const signature = signatureHeader ?? '';
      const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(signature);
      if (!parsed.success || !match) throw refused('unsigned or malformed');
      const { document } = parsed.data;
      const seconds = Number(match[1]);
      if (Math.abs(now().getTime() / 1000 - seconds) > WEBHOOK_WINDOW_SECONDS) throw refused('outside its time window');
      const expected = webhookSignature(storeWebhookSecret(deps.webhookKey, document.storeId), seconds, JSON.stringify(body));
      if (expected.length !== signature.length || !timingSafeEqual(Buffer.from(expected), Buffer.from(signature))) throw refused('bad signature');
      const value = document.fields.value ?? Object.values(document.fields)[0];
      if (value === undefined) throw errors.invalid('document.fields: a value is needed');
      const link = await repo.linkByWorkOrder(document.storeId, document._id);
      if (!link) throw errors.notFound('No such work order');
      const forgetBefore = new Date(now().getTime() - 2 * WEBHOOK_WINDOW_SECONDS * 1000);
      if (!(await repo.takeWebhookText(document.storeId, signature, link.inspectionOrderId, field, value, forgetBefore))) throw refused('replayed');
      await deps.orders.mirror(document.storeId, link.inspectionOrderId, {}, true);
      return { received: true };
    },

    /** The store's webhook secret, for the shop system's set-up and the simulator. */
    webhookSecret(storeId: string) {
      return storeWebhookSecret(deps.webhookKey, storeId);
    },
  };
}

export function createIntegrationsService(deps: IntegrationsDeps) {
  const ctx = integrationContext(deps);
  return { ...workOrderUseCases(ctx), ...clockUseCases(ctx), ...webhookUseCases(ctx) };
}

export type IntegrationsService = ReturnType<typeof createIntegrationsService>;
