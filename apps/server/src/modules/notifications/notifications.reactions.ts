import {
  NOTIFICATION_LIFETIME_MS,
  type InternalChatMessageCreated,
  parseTopic,
  type RepairOrder,
  type ReportApprovedEvent,
  type PushPayload,
  type TextMessageEvent,
} from '@servicebay/domain';
import type { Db } from '../../platform/db/client.js';
import type { OutboxReaction } from '../../platform/outbox/outbox.js';
import { notifyIn, type NotificationDraft } from './notifications.service.js';
import { chatPushPayloadOf, pushPayloadOf, PUSHED_KINDS } from './notifications.presenter.js';

/** What the notifications need of an order: who runs it. The composition root plugs the orders module in. */
export type OrderPeoplePort = (
  tx: Db,
  storeId: string,
  orderId: string,
) => Promise<{ serviceAdvisorId: string | null; orderNumber: string | null } | null>;

/** The longest piece of a customer's text a headline quotes. */
export const QUOTE_MAX = 80;

export function quote(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > QUOTE_MAX ? `${flat.slice(0, QUOTE_MAX - 1)}…` : flat;
}

/** The order's service advisor is told of a customer's answer to the report. */
export function approvalDraft(storeId: string, event: ReportApprovedEvent, advisorId: string | null): NotificationDraft | null {
  if (!advisorId) return null;
  return {
    userId: advisorId,
    storeId,
    kind: 'reportApproved',
    params: { signer: event.signerName, order: event.orderNumber, approved: event.approved, declined: event.declined },
    sourceKey: `reportApproved:${event.inspectionOrderId}:${event.at}`,
    inspectionOrderId: event.inspectionOrderId,
    customerId: null,
  };
}

/** The customer's text, when it is about an open order: that order's service advisor is told. */
export function inboundTextOrder(event: TextMessageEvent): string | null {
  const { message, conversation } = event;
  if (message.senderType !== 'customer' || message.automatic) return null;
  if (!conversation?.inspectionOrderId || conversation.inspectionOrderClosed) return null;
  return conversation.inspectionOrderId;
}

export function inboundTextDraft(storeId: string, event: TextMessageEvent, advisorId: string | null): NotificationDraft | null {
  const orderId = inboundTextOrder(event);
  if (!orderId || !advisorId) return null;
  const { message, conversation } = event;
  const name = [conversation?.firstName, conversation?.lastName].filter(Boolean).join(' ') || conversation?.business || null;
  return {
    userId: advisorId,
    storeId,
    kind: 'inboundText',
    params: { customer: name, order: conversation?.orderNumber ?? null, text: quote(message.text) },
    sourceKey: `inboundText:${message._id}`,
    inspectionOrderId: orderId,
    customerId: message.customerId,
  };
}

type AssignedOrder = Pick<RepairOrder, '_id' | 'orderNumber' | 'technicianId' | 'activities'> & {
  _embedded?: { vehicle?: Pick<NonNullable<RepairOrder['_embedded']['vehicle']>, 'year' | 'make' | 'model'> | null } | null;
};

/**
 * An order's technician is told it was given to them: by whoever created the order with them on
 * it, or assigned them later. The order's latest `created` or `assigned` activity says who did it
 * and when; a technician who took the order themselves is not told, nor one assigned longer ago
 * than a notification lives (an old order changed for another reason).
 */
export function assignmentDraft(storeId: string, order: AssignedOrder, now: Date): NotificationDraft | null {
  if (!order.technicianId) return null;
  const last = [...(order.activities ?? [])].reverse().find((a) => a.type === 'assigned' || a.type === 'created');
  if (!last || last.userId === order.technicianId) return null;
  const at = Date.parse(last.date);
  if (!Number.isFinite(at) || now.getTime() - at > NOTIFICATION_LIFETIME_MS) return null;
  const car = order._embedded?.vehicle;
  const vehicle = [car?.year, car?.make, car?.model].filter((v) => v !== null && v !== undefined && v !== '').join(' ');
  return {
    userId: order.technicianId,
    storeId,
    kind: 'orderAssigned',
    params: { order: order.orderNumber, vehicle: vehicle || null },
    sourceKey: `orderAssigned:${order._id}:${last.type}:${last.date}`,
    inspectionOrderId: order._id,
    customerId: null,
  };
}

/**
 * The outbox reactions that turn the product's events into notifications: a customer's approval
 * (reportApproved), a customer's text (messages/created), an order given to a technician
 * (inspectionOrders/created and updated). A shop chat message (internalChat/messageCreated) is
 * pushed to its recipients' devices without becoming a notification: the chat keeps its own
 * unread counts. Each runs in the relay's transaction.
 */
export function notificationReactions(deps: {
  orderPeople: OrderPeoplePort;
  /**
   * Pushes a new notification to the user's devices; called in the relay's transaction, so it
   * must not wait for the push services (the push sender's `sendToUser`, not awaited).
   */
  push?: (userId: string, payload: PushPayload) => void;
  now?: () => Date;
}): OutboxReaction[] {
  const now = deps.now ?? (() => new Date());
  const notify = (tx: Db, draft: NotificationDraft) =>
    notifyIn(tx, draft, now(), ({ notification, language }) => {
      if (deps.push && PUSHED_KINDS.includes(notification.kind)) deps.push(draft.userId, pushPayloadOf(notification, draft.params, language));
    });
  const storeEvent = (topic: string, ...names: string[]) => {
    const parsed = parseTopic(topic);
    return parsed?.kind === 'store' && names.includes(parsed.name) ? parsed.id : null;
  };
  const advisorOf = async (tx: Db, storeId: string, orderId: string) => (await deps.orderPeople(tx, storeId, orderId))?.serviceAdvisorId ?? null;
  return [
    {
      name: 'notifications.reportApproved',
      wants: (topic) => storeEvent(topic, 'reportApproved') !== null,
      async handle(tx, { topic, payload }) {
        const storeId = storeEvent(topic, 'reportApproved')!;
        const event = payload as ReportApprovedEvent;
        const draft = approvalDraft(storeId, event, await advisorOf(tx, storeId, event.inspectionOrderId));
        if (draft) await notify(tx, draft);
      },
    },
    {
      name: 'notifications.inboundText',
      wants: (topic) => storeEvent(topic, 'messages/created') !== null,
      async handle(tx, { topic, payload }) {
        const storeId = storeEvent(topic, 'messages/created')!;
        const event = payload as TextMessageEvent;
        const orderId = inboundTextOrder(event);
        if (!orderId) return;
        const draft = inboundTextDraft(storeId, event, await advisorOf(tx, storeId, orderId));
        if (draft) await notify(tx, draft);
      },
    },
    {
      name: 'notifications.orderAssigned',
      wants: (topic) => storeEvent(topic, 'inspectionOrders/created', 'inspectionOrders/updated') !== null,
      async handle(tx, { topic, payload }) {
        const storeId = storeEvent(topic, 'inspectionOrders/created', 'inspectionOrders/updated')!;
        const draft = assignmentDraft(storeId, payload as AssignedOrder, now());
        if (draft) await notify(tx, draft);
      },
    },
    {
      name: 'notifications.chatPush',
      wants: (topic) => storeEvent(topic, 'internalChat/messageCreated') !== null,
      async handle(_tx, { payload }) {
        const event = payload as InternalChatMessageCreated;
        for (const userId of new Set(event.recipientIds)) deps.push?.(userId, chatPushPayloadOf(event));
      },
    },
  ];
}
