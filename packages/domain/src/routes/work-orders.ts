import { z } from 'zod';
import { access } from '../http/access.js';
import { defineRoute } from '../http/route.js';
import { ZId } from '../http/common.js';
import { ORDER_READ_ROLES, ORDER_WRITE_ROLES, TIME_TRACKER_ROLES } from '../repair-orders/order-roles.js';
import {
  WORK_ORDER_TEXT_FIELDS,
  ZClockEventList,
  ZClockRequest,
  ZLabourRequest,
  ZRunningClock,
  ZShopPartList,
  ZWorkOrder,
} from '../integrations/work-order.js';

/**
 * The shop-management integration (docs/integrations.md): the ticket's work order and parts in
 * the store's shop system, the technicians' clocks, and the system's webhooks. Every route answers
 * INTEGRATION_NOT_ENABLED (404) when the store has no such integration, and SHOP_SYSTEM_UNAVAILABLE
 * (503) when the system does not answer in time.
 */

const storeParams = z.strictObject({ storeId: ZId });
const orderParams = z.strictObject({ storeId: ZId, inspectionOrderId: ZId });
const userParams = z.strictObject({ storeId: ZId, userId: ZId });
/** A shop system's line id: its own format, not ours. */
const ZExternalId = z.string().min(1).max(100);

export const workOrderRoute = defineRoute({
  id: 'workOrders.get',
  method: 'GET',
  path: '/v2/api/store/:storeId/inspectionOrder/:inspectionOrderId/protractor',
  summary: "The ticket's work order in the shop system (404 NOT_FOUND before its approved work was sent).",
  tag: 'workOrders',
  access: access.store(ORDER_READ_ROLES),
  params: orderParams,
  response: ZWorkOrder,
});

export const workOrderSyncRoute = defineRoute({
  id: 'workOrders.sync',
  method: 'POST',
  path: '/v2/api/store/:storeId/inspectionOrder/:inspectionOrderId/protractor/sync',
  summary:
    "Sends the ticket's approved work (the estimate lines the customer approved, their labour and parts) to the shop system's work order, creating it on first use; a line sent before is not added again. WORK_ORDER_CLOSED on a closed or invoiced work order.",
  tag: 'workOrders',
  access: access.store(ORDER_WRITE_ROLES),
  params: orderParams,
  response: ZWorkOrder,
});

export const workOrderByIdRoute = defineRoute({
  id: 'workOrders.byId',
  method: 'GET',
  path: '/v2/api/store/:storeId/protractor/workorder/:workOrderId',
  summary: 'A work order of the store by its id in the shop system.',
  tag: 'workOrders',
  access: access.store(ORDER_READ_ROLES),
  params: z.strictObject({ storeId: ZId, workOrderId: ZExternalId }),
  response: ZWorkOrder,
});

export const ZWorkOrderTextRequest = z.strictObject({
  field: z.enum(WORK_ORDER_TEXT_FIELDS),
  value: z.string().max(4000),
});

export const workOrderTextRoute = defineRoute({
  id: 'workOrders.text',
  method: 'PUT',
  path: '/v2/api/store/:storeId/inspectionOrder/:inspectionOrderId/protractor/text',
  summary: 'Edits the header description, footer title or footer description. WORK_ORDER_CLOSED (nothing sent) on a closed or invoiced work order.',
  tag: 'workOrders',
  access: access.store(ORDER_WRITE_ROLES),
  params: orderParams,
  body: ZWorkOrderTextRequest,
  response: ZWorkOrder,
});

export const workOrderPartsRoute = defineRoute({
  id: 'workOrders.parts',
  method: 'GET',
  path: '/v2/api/store/:storeId/inspectionOrder/:inspectionOrderId/protractor/parts',
  summary: "The ticket's parts in the shop system, with their declined flags and the parts state they give.",
  tag: 'workOrders',
  access: access.store(ORDER_READ_ROLES),
  params: orderParams,
  response: ZShopPartList,
});

const lineAction = (action: 'done' | 'clear') =>
  defineRoute({
    id: `workOrders.line${action === 'done' ? 'Done' : 'Clear'}`,
    method: 'POST',
    path: `/v2/api/store/:storeId/inspectionOrder/:inspectionOrderId/protractor/servicePackage/:packageLineId/${action}`,
    summary: `Marks one labour line ${action === 'done' ? 'completed' : 'not completed'}. WORK_ORDER_CLOSED on a closed or invoiced work order; NOT_FOUND for a line not in it.`,
    tag: 'workOrders',
    access: access.store(ORDER_WRITE_ROLES),
    params: z.strictObject({ storeId: ZId, inspectionOrderId: ZId, packageLineId: ZExternalId }),
    body: ZLabourRequest,
    response: ZWorkOrder,
  });
export const lineDoneRoute = lineAction('done');
export const lineClearRoute = lineAction('clear');

const allAction = (action: 'done' | 'clear') =>
  defineRoute({
    id: `workOrders.all${action === 'done' ? 'Done' : 'Clear'}`,
    method: 'POST',
    path: `/v2/api/store/:storeId/inspectionOrder/:inspectionOrderId/protractor/workOrder/${action}`,
    summary: `Marks every labour line ${action === 'done' ? 'completed' : 'not completed'}, or only those of the technician workerId when given. WORK_ORDER_CLOSED on a closed or invoiced work order.`,
    tag: 'workOrders',
    access: access.store(ORDER_WRITE_ROLES),
    params: orderParams,
    body: ZLabourRequest,
    response: ZWorkOrder,
  });
export const allDoneRoute = allAction('done');
export const allClearRoute = allAction('clear');

const labourAction = (action: 'done' | 'clear') =>
  defineRoute({
    id: `workOrders.technician${action === 'done' ? 'Done' : 'Clear'}`,
    method: 'POST',
    path: `/v2/api/store/:storeId/inspectionOrder/:inspectionOrderId/user/:userId/labor/${action}`,
    summary: `Marks the labour lines of the technician userId ${action === 'done' ? 'completed' : 'not completed'}. WORK_ORDER_CLOSED on a closed or invoiced work order.`,
    tag: 'workOrders',
    access: access.store(ORDER_WRITE_ROLES),
    params: z.strictObject({ storeId: ZId, inspectionOrderId: ZId, userId: ZId }),
    response: ZWorkOrder,
  });
export const technicianDoneRoute = labourAction('done');
export const technicianClearRoute = labourAction('clear');

/* ------------------------------------------------------------------ clock */

export const storeClockEventsRoute = defineRoute({
  id: 'clock.storeEvents',
  method: 'GET',
  path: '/v2/api/store/:storeId/protractor/timeclock/event',
  summary: "Today's clock events of the store's technicians (userId: one technician's), newest first.",
  tag: 'clock',
  access: access.store(ORDER_READ_ROLES),
  params: storeParams,
  query: z.strictObject({ userId: ZId.optional() }),
  response: ZClockEventList,
});

export const orderClockEventsRoute = defineRoute({
  id: 'clock.orderEvents',
  method: 'GET',
  path: '/v2/api/store/:storeId/inspectionOrder/:inspectionOrderId/protractor/timeclock',
  summary: "The clock events on the ticket's work order, newest first.",
  tag: 'clock',
  access: access.store(ORDER_READ_ROLES),
  params: orderParams,
  response: ZClockEventList,
});

const clockPath = (action: string) => `/v2/api/store/:storeId/user/:userId/protractor/timeclock/${action}`;
const clockRule = ' A technician acts for itself only (FORBIDDEN otherwise). CLOCK_IN_DISABLED unless the store enables clock-in.';

export const clockStartRoute = defineRoute({
  id: 'clock.start',
  method: 'POST',
  path: clockPath('start'),
  summary: `Starts the clock on a work-order line (clocking in first when the shift is not open). CLOCK_ALREADY_RUNNING when a line clock runs; WORK_ORDER_CLOSED on a closed work order.${clockRule}`,
  tag: 'clock',
  access: access.store(TIME_TRACKER_ROLES),
  params: userParams,
  body: ZClockRequest,
  response: ZRunningClock,
});
export const clockStopRoute = defineRoute({
  id: 'clock.stop',
  method: 'POST',
  path: clockPath('stop'),
  summary: `Stops the clock on the line. CLOCK_NOT_RUNNING when none runs on it.${clockRule}`,
  tag: 'clock',
  access: access.store(TIME_TRACKER_ROLES),
  params: userParams,
  body: ZClockRequest,
  response: ZRunningClock,
});
export const clockInRoute = defineRoute({
  id: 'clock.clockIn',
  method: 'POST',
  path: clockPath('clockIn'),
  summary: `Opens the shift. CLOCK_ALREADY_RUNNING when it is open.${clockRule}`,
  tag: 'clock',
  access: access.store(TIME_TRACKER_ROLES),
  params: userParams,
  response: ZRunningClock,
});
export const clockOutRoute = defineRoute({
  id: 'clock.clockOut',
  method: 'POST',
  path: clockPath('clockOut'),
  summary: `Closes the shift, stopping a running line clock. CLOCK_NOT_RUNNING when the shift is not open.${clockRule}`,
  tag: 'clock',
  access: access.store(TIME_TRACKER_ROLES),
  params: userParams,
  response: ZRunningClock,
});

export const runningClockRoute = defineRoute({
  id: 'clock.running',
  method: 'GET',
  path: '/v2/api/store/:storeId/user/:userId/clock',
  summary: "The technician's running clock; 404 NOT_FOUND when none runs (or the store has no clock-in).",
  tag: 'clock',
  access: access.store(TIME_TRACKER_ROLES),
  params: userParams,
  response: ZRunningClock,
});

/* --------------------------------------------------------------- webhooks */

/** The signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` under the store's webhook secret. */
export const WORK_ORDER_WEBHOOK_SIGNATURE_HEADER = 'x-servicebay-signature';

const webhook = (name: 'servicePackageFooterTitleUpdated' | 'servicePackageFooterDescriptionUpdated' | 'servicePackageHeaderDescriptionUpdated') =>
  defineRoute({
    id: `webhooks.${name}`,
    method: 'POST',
    path: `/v2/webhooks/webhook/${name}`,
    summary: `The shop system tells a work order's text changed; document {_id (work order), storeId, fields {value}}. 403 without a valid ${WORK_ORDER_WEBHOOK_SIGNATURE_HEADER}, outside 5 minutes or replayed; 404 for an unknown work order.`,
    tag: 'webhooks',
    access: access.public(`The shop system calls it; every request must carry a valid ${WORK_ORDER_WEBHOOK_SIGNATURE_HEADER} under the store's webhook secret (403 otherwise)`),
    // The body (ZWorkOrderWebhook) is read by the handler once the signature is checked.
    response: z.object({ received: z.boolean() }),
  });
export const footerTitleWebhookRoute = webhook('servicePackageFooterTitleUpdated');
export const footerDescriptionWebhookRoute = webhook('servicePackageFooterDescriptionUpdated');
export const headerDescriptionWebhookRoute = webhook('servicePackageHeaderDescriptionUpdated');

export const workOrderRoutes = [
  workOrderRoute,
  workOrderSyncRoute,
  workOrderByIdRoute,
  workOrderTextRoute,
  workOrderPartsRoute,
  lineDoneRoute,
  lineClearRoute,
  allDoneRoute,
  allClearRoute,
  technicianDoneRoute,
  technicianClearRoute,
  storeClockEventsRoute,
  orderClockEventsRoute,
  clockStartRoute,
  clockStopRoute,
  clockInRoute,
  clockOutRoute,
  runningClockRoute,
  footerTitleWebhookRoute,
  footerDescriptionWebhookRoute,
  headerDescriptionWebhookRoute,
] as const;
