import {
  WORK_ORDER_WEBHOOK_SIGNATURE_HEADER,
  allClearRoute,
  allDoneRoute,
  clockInRoute,
  clockOutRoute,
  clockStartRoute,
  clockStopRoute,
  footerDescriptionWebhookRoute,
  footerTitleWebhookRoute,
  headerDescriptionWebhookRoute,
  lineClearRoute,
  lineDoneRoute,
  orderClockEventsRoute,
  runningClockRoute,
  storeClockEventsRoute,
  technicianClearRoute,
  technicianDoneRoute,
  workOrderByIdRoute,
  workOrderPartsRoute,
  workOrderRoute,
  workOrderSyncRoute,
  workOrderTextRoute,
  type AnyRoute,
} from '@servicebay/domain';
import { implement } from '../../platform/http/registrar.js';
import type { IntegrationsService } from './integrations.service.js';

/** Thin: the access rule checked the store, the ticket and the user; the service does the rest. */
export function integrationRoutes(service: IntegrationsService) {
  const selector = (workerId: string | null | undefined) => (workerId ? { kind: 'technician' as const, technicianId: workerId } : { kind: 'all' as const });
  const webhook = (route: AnyRoute) =>
    implement(route, ({ request }) => {
      const header = request.headers[WORK_ORDER_WEBHOOK_SIGNATURE_HEADER];
      return service.receiveWebhook(route.path.split('/').pop()!, typeof header === 'string' ? header : undefined, request.body);
    });
  return [
    implement(workOrderRoute, ({ storeId, params }) => service.workOrder(storeId, params.inspectionOrderId)),
    implement(workOrderSyncRoute, ({ storeId, params }) => service.sync(storeId, params.inspectionOrderId)),
    implement(workOrderByIdRoute, ({ storeId, params }) => service.workOrderById(storeId, params.workOrderId)),
    implement(workOrderTextRoute, ({ storeId, params, body }) => service.setText(storeId, params.inspectionOrderId, body.field, body.value)),
    implement(workOrderPartsRoute, ({ storeId, params }) => service.parts(storeId, params.inspectionOrderId)),
    implement(lineDoneRoute, ({ storeId, params }) =>
      service.setCompleted(storeId, params.inspectionOrderId, { kind: 'line', lineId: params.packageLineId }, true),
    ),
    implement(lineClearRoute, ({ storeId, params }) =>
      service.setCompleted(storeId, params.inspectionOrderId, { kind: 'line', lineId: params.packageLineId }, false),
    ),
    implement(allDoneRoute, ({ storeId, params, body }) => service.setCompleted(storeId, params.inspectionOrderId, selector(body?.workerId), true)),
    implement(allClearRoute, ({ storeId, params, body }) => service.setCompleted(storeId, params.inspectionOrderId, selector(body?.workerId), false)),
    implement(technicianDoneRoute, ({ storeId, params }) => service.setCompleted(storeId, params.inspectionOrderId, selector(params.userId), true)),
    implement(technicianClearRoute, ({ storeId, params }) => service.setCompleted(storeId, params.inspectionOrderId, selector(params.userId), false)),
    implement(storeClockEventsRoute, ({ storeId, query }) => service.storeEvents(storeId, query.userId)),
    implement(orderClockEventsRoute, ({ storeId, params }) => service.orderEvents(storeId, params.inspectionOrderId)),
    implement(clockStartRoute, ({ storeId, params, principal, body }) => service.clock(storeId, params.userId, principal, 'start', body)),
    implement(clockStopRoute, ({ storeId, params, principal, body }) => service.clock(storeId, params.userId, principal, 'stop', body)),
    implement(clockInRoute, ({ storeId, params, principal }) => service.clock(storeId, params.userId, principal, 'clockIn')),
    implement(clockOutRoute, ({ storeId, params, principal }) => service.clock(storeId, params.userId, principal, 'clockOut')),
    implement(runningClockRoute, ({ storeId, params, principal }) => service.running(storeId, params.userId, principal)),
    webhook(footerTitleWebhookRoute),
    webhook(footerDescriptionWebhookRoute),
    webhook(headerDescriptionWebhookRoute),
  ];
}
