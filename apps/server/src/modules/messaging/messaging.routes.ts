import {
  consentHistoryRoute,
  conversationListRoute,
  customerSuccessEmailRoute,
  customerTextMessagesRoute,
  moveTargetsRoute,
  moveTextMessageRoute,
  orderConversationRoute,
  sendEmailRoute,
  sendTextMessageRoute,
  textMessageReadRoute,
  unreadTextMessagesRoute,
} from '@servicebay/domain';
import { implement } from '../../platform/http/registrar.js';
import type { MessagingService } from './messaging.service.js';

/** The texting API (docs/texting.md): conversations, a customer's texts, sending, read, counts, consent, e-mail. */
export function messagingRoutes(messaging: MessagingService) {
  return [
    implement(conversationListRoute, ({ storeId, query }) => messaging.conversations(storeId, query.page, query.size)),

    implement(customerTextMessagesRoute, ({ storeId, params, query }) =>
      messaging.customerMessages(storeId, params.customerId, query.page, query.size),
    ),

    implement(orderConversationRoute, ({ storeId, params }) => messaging.orderConversation(storeId, params.inspectionOrderId)),

    implement(sendTextMessageRoute, async ({ storeId, principal, params, body }) => {
      const name = (await messaging.workerName(principal.id)) ?? principal.username;
      return messaging.sendText({ storeId, userId: principal.id, name }, params.customerId, body);
    }),

    implement(textMessageReadRoute, ({ storeId, params }) => messaging.markRead(storeId, params.customerId)),

    implement(unreadTextMessagesRoute, ({ storeId, query }) => messaging.unread(storeId, query.openOrders)),

    implement(moveTextMessageRoute, ({ storeId, params, body }) =>
      messaging.moveMessage(storeId, params.customerId, params.textMessageId, body.toCustomerId),
    ),

    implement(moveTargetsRoute, ({ storeId, params }) => messaging.moveTargets(storeId, params.customerId, params.textMessageId)),

    implement(consentHistoryRoute, ({ storeId, params }) => messaging.consentHistory(storeId, params.customerId)),

    implement(sendEmailRoute, ({ principal, body }) =>
      messaging.sendEmail({ storeId: principal.storeId, username: principal.username, role: principal.type }, body),
    ),

    implement(customerSuccessEmailRoute, ({ principal, body }) =>
      messaging.customerSuccess({ storeId: principal.storeId, username: principal.username, role: principal.type }, body),
    ),
  ];
}
