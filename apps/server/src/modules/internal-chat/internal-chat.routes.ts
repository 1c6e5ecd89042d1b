import {
  INTERNAL_CHAT_TOKEN_HEADER,
  internalChatAddWorkerRoute,
  internalChatChannelsRoute,
  internalChatHistoryRoute,
  internalChatLoginRoute,
  internalChatReadRoute,
  internalChatSendRoute,
} from '@servicebay/domain';
import type { FastifyRequest } from 'fastify';
import { implement } from '../../platform/http/registrar.js';
import type { InternalChatService } from './internal-chat.service.js';

const chatToken = (request: FastifyRequest): string | undefined => {
  const value = request.headers[INTERNAL_CHAT_TOKEN_HEADER];
  return typeof value === 'string' ? value : undefined;
};

/** Thin: the access rule checked the store and role; the service checks the chat token and the store's switch. */
export function internalChatRoutes(service: InternalChatService) {
  return [
    implement(internalChatLoginRoute, ({ principal, storeId }) => service.login(principal, storeId)),
    implement(internalChatAddWorkerRoute, ({ principal, body, request }) =>
      service.addWorker(principal, chatToken(request), body.workerId, body.repairOrderId),
    ),
    implement(internalChatChannelsRoute, ({ principal, storeId, request }) => service.channels(principal, chatToken(request), storeId)),
    implement(internalChatHistoryRoute, ({ principal, storeId, params, query, request }) =>
      service.history(principal, chatToken(request), storeId, params.inspectionOrderId, query.before ?? null),
    ),
    implement(internalChatSendRoute, ({ principal, storeId, params, body, request }) =>
      service.send(principal, chatToken(request), storeId, params.inspectionOrderId, body.text, body.clientMessageId ?? null),
    ),
    implement(internalChatReadRoute, ({ principal, storeId, params, body, request }) =>
      service.markRead(principal, chatToken(request), storeId, params.inspectionOrderId, body.index),
    ),
  ];
}
