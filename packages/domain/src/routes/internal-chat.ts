import { z } from 'zod';
import { access } from '../http/access.js';
import { ZId } from '../http/common.js';
import { defineRoute } from '../http/route.js';
import {
  INTERNAL_CHAT_ROLES,
  ZInternalChatChannel,
  ZInternalChatChannelList,
  ZInternalChatHistory,
  ZInternalChatHistoryQuery,
  ZInternalChatLogin,
  ZInternalChatLoginRequest,
  ZInternalChatMessage,
  ZInternalChatReadRequest,
  ZInternalChatSendRequest,
  ZInternalChatWorkerRequest,
} from '../internal-chat/internal-chat.js';

/**
 * The shop's internal chat (docs/internal-chat.md): every staff role but the Store account (403),
 * in a store whose internalChatEnabled is on (403 INTERNAL_CHAT_DISABLED otherwise). Every call
 * but the login carries the chat token in X-Chat-Token: 401 CHAT_TOKEN_EXPIRED (get a new one) or
 * CHAT_TOKEN_INVALID (another user's or store's token, or forged).
 */
const orderParams = z.strictObject({ storeId: ZId, inspectionOrderId: ZId });

export const internalChatLoginRoute = defineRoute({
  id: 'internalChat.login',
  method: 'POST',
  path: '/v2/api/internalchat/login',
  summary:
    "A chat token for the caller in the store (body.token), valid one hour, bound to the caller's id and the store's internalChatWorkspaceId.",
  tag: 'internalChat',
  access: access.storeInBody(INTERNAL_CHAT_ROLES),
  body: ZInternalChatLoginRequest,
  response: ZInternalChatLogin,
  // The answer is a credential: no idempotency record may keep it.
  carriesSecrets: true,
});

export const internalChatAddWorkerRoute = defineRoute({
  id: 'internalChat.addWorker',
  method: 'POST',
  path: '/v2/api/internalchat/channel/repairOrder/worker',
  summary:
    "Adds the worker to the repair order's channel (made on first use) and answers the channel as the worker sees it. 404 when the order or the worker is not of a store the caller may act for, or the worker is the Store account.",
  tag: 'internalChat',
  access: access.signedIn(INTERNAL_CHAT_ROLES),
  body: ZInternalChatWorkerRequest,
  response: ZInternalChatChannel,
});

export const internalChatChannelsRoute = defineRoute({
  id: 'internalChat.channels',
  method: 'GET',
  path: '/v2/api/internalchat/store/:storeId/channel',
  summary: "The channels of the store's open orders that hold messages, with the caller's unread counts (at most 200, latest first).",
  tag: 'internalChat',
  access: access.store(INTERNAL_CHAT_ROLES),
  params: z.strictObject({ storeId: ZId }),
  response: ZInternalChatChannelList,
});

export const internalChatHistoryRoute = defineRoute({
  id: 'internalChat.history',
  method: 'GET',
  path: '/v2/api/internalchat/store/:storeId/inspectionOrder/:inspectionOrderId/message',
  summary:
    "A page of 20 messages of the order's channel, oldest first: the latest page, or those before `before`. The channel as the caller sees it rides along.",
  tag: 'internalChat',
  access: access.store(INTERNAL_CHAT_ROLES),
  params: orderParams,
  query: ZInternalChatHistoryQuery,
  response: ZInternalChatHistory,
});

export const internalChatSendRoute = defineRoute({
  id: 'internalChat.send',
  method: 'POST',
  path: '/v2/api/internalchat/store/:storeId/inspectionOrder/:inspectionOrderId/message',
  summary:
    "Posts a message to the order's channel (made on first use). 400 for an empty text; the same clientMessageId again answers the message already stored.",
  tag: 'internalChat',
  access: access.store(INTERNAL_CHAT_ROLES),
  params: orderParams,
  body: ZInternalChatSendRequest,
  response: ZInternalChatMessage,
  status: 201,
});

export const internalChatReadRoute = defineRoute({
  id: 'internalChat.read',
  method: 'POST',
  path: '/v2/api/internalchat/store/:storeId/inspectionOrder/:inspectionOrderId/read',
  summary: "Moves the caller's last-read index of the order's channel (never backwards); answers the channel after.",
  tag: 'internalChat',
  access: access.store(INTERNAL_CHAT_ROLES),
  params: orderParams,
  body: ZInternalChatReadRequest,
  response: ZInternalChatChannel,
});

export const internalChatRoutes = [
  internalChatLoginRoute,
  internalChatAddWorkerRoute,
  internalChatChannelsRoute,
  internalChatHistoryRoute,
  internalChatSendRoute,
  internalChatReadRoute,
] as const;
