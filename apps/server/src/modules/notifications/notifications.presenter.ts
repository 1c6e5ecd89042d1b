import { orderTitlePrefix, PUSH_BODY_MAX, PUSH_TITLE_MAX, type InternalChatMessageCreated, type Notification, type NotificationKind, type PushPayload } from '@servicebay/domain';
import { translate } from '../../platform/i18n/translate.js';
import type { NotificationRow } from './notifications.repository.js';

type Params = Record<string, string | number | null | undefined>;

/** The headline in the reader's language, from the notification's kind and what the event said. */
export function headlineOf(kind: NotificationKind, params: Params, language: string): string {
  const text = (key: string) => translate(language, `notifications:${key}`);
  const order = params.order ? translate(language, 'notifications:order', { number: params.order }) : text('noOrderNumber');
  switch (kind) {
    case 'reportApproved':
      return translate(language, 'notifications:headline.reportApproved', {
        signer: params.signer ?? text('aCustomer'),
        order,
        approved: params.approved ?? 0,
        declined: params.declined ?? 0,
      });
    case 'inboundText':
      return translate(language, 'notifications:headline.inboundText', {
        customer: params.customer ?? text('aCustomer'),
        order,
        text: params.text ?? '',
      });
    case 'orderAssigned':
      return translate(language, 'notifications:headline.orderAssigned', { order, vehicle: params.vehicle ?? text('aVehicle') });
  }
}

export function presentNotification(row: NotificationRow, language: string): Notification {
  const kind = row.kind as NotificationKind;
  return {
    _id: row.id,
    id: row.id,
    headline: headlineOf(kind, (row.params ?? {}) as Params, language),
    kind,
    read: row.read,
    archived: row.archived,
    created: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
    expirationDate: row.expiresAt.toISOString(),
    storeId: row.storeId,
    inspectionOrderId: row.inspectionOrderId,
    customerId: row.customerId,
  };
}

/** The kinds a user's devices are pushed: a customer's answer and a customer's text (an assignment is not). */
export const PUSHED_KINDS: readonly NotificationKind[] = ['reportApproved', 'inboundText'];

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * The push for a new notification, in the addressee's language: the title names what happened,
 * prefixed 'RO#' and the order's number when it is about an order; the body is the headline; a
 * click opens the order's page. Pushes of one notification fold into one (tag).
 */
export function pushPayloadOf(notification: Notification, params: Params, language: string): PushPayload {
  const what =
    notification.kind === 'inboundText'
      ? translate(language, 'notifications:push.inboundText', { customer: params.customer ?? translate(language, 'notifications:aCustomer') })
      : translate(language, `notifications:push.${notification.kind}`);
  const prefix = orderTitlePrefix(params.order);
  const url =
    notification.storeId && notification.inspectionOrderId
      ? `/app/store/${encodeURIComponent(notification.storeId)}/inspectionOrder/${encodeURIComponent(notification.inspectionOrderId)}`
      : '/app/notifications';
  return {
    title: clip(prefix ? `${prefix} ${what}` : what, PUSH_TITLE_MAX),
    body: clip(notification.headline, PUSH_BODY_MAX),
    ignore: false,
    url,
    tag: `notification:${notification.id}`,
  };
}

/**
 * The push of a shop chat message: the order ('RO#10231') and who wrote, the message itself, and
 * the order's page to open. One tag per order, so a burst of messages folds into one notification.
 */
export function chatPushPayloadOf(event: InternalChatMessageCreated): PushPayload {
  return {
    title: clip(`${event.title} ${event.senderName}`.trim(), PUSH_TITLE_MAX),
    body: clip(event.text, PUSH_BODY_MAX),
    ignore: false,
    url: `/app/store/${encodeURIComponent(event.storeId)}/inspectionOrder/${encodeURIComponent(event.repairOrderId)}`,
    tag: `chat:${event.repairOrderId}`,
  };
}
