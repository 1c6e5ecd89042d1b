import { z } from 'zod';
import { ZId } from '../http/common.js';
import { STAFF_ROLES, type Role } from '../roles.js';

/**
 * The shop's internal chat (docs/internal-chat.md): one channel per repair order, between the
 * store's workers. The Store (shared) account has no shop chat: every other staff role does.
 */
export const INTERNAL_CHAT_ROLES: readonly Role[] = STAFF_ROLES.filter((r) => r !== 'Store');

export function mayUseInternalChat(role: Role): boolean {
  return INTERNAL_CHAT_ROLES.includes(role);
}

/** A message's text: not empty once trimmed, at most this many characters. */
export const INTERNAL_CHAT_TEXT_MAX_LENGTH = 2000;
/** A chat token lives this long; the client asks for a new one when it is refused as expired. */
export const INTERNAL_CHAT_TOKEN_TTL_SECONDS = 3600;
/** The header that carries the chat token on the chat's calls. */
export const INTERNAL_CHAT_TOKEN_HEADER = 'x-chat-token';
/** Chat message notifications start with this before the order's number. */
export const CHAT_NOTIFICATION_PREFIX = 'RO#';

export const ZInternalChatLoginRequest = z.strictObject({ storeId: ZId });
export const ZInternalChatLogin = z.object({
  /** Signed, bound to the caller and the store's chat workspace; sent back in X-Chat-Token. */
  token: z.string(),
  expiresAt: z.iso.datetime(),
  identity: ZId,
  workspaceId: z.string(),
});
export type InternalChatLogin = z.infer<typeof ZInternalChatLogin>;

export const ZInternalChatSenderType = z.enum(['worker']);

export const ZInternalChatMessage = z.object({
  id: ZId,
  /** The message's place in its channel: 1, 2, 3... */
  index: z.number().int(),
  senderId: ZId,
  senderName: z.string(),
  senderType: ZInternalChatSenderType,
  text: z.string(),
  /** Read by the caller: its own messages, and the others' up to its last-read index. */
  read: z.boolean(),
  creationDate: z.iso.datetime(),
  channelId: ZId,
  repairOrderId: ZId,
  /** 'RO 10231', or the order's id when it has no number yet. */
  channelName: z.string(),
  clientMessageId: z.string().nullable(),
});
export type InternalChatMessage = z.infer<typeof ZInternalChatMessage>;

export const ZInternalChatChannel = z.object({
  id: ZId,
  repairOrderId: ZId,
  isClosed: z.boolean(),
  /** The latest message and who wrote it; null before the first. */
  text: z.string().nullable(),
  date: z.iso.datetime().nullable(),
  sender: z.string().nullable(),
  /** Messages after the caller's last-read index. */
  unreadCount: z.number().int(),
  lastMessageIndex: z.number().int(),
  lastReadIndex: z.number().int(),
  primaryPicture: z.string().nullable(),
  orderNumber: z.string().nullable(),
  licensePlate: z.string().nullable(),
  yearMakeModel: z.string().nullable(),
  customerName: z.string().nullable(),
  business: z.string().nullable(),
});
export type InternalChatChannel = z.infer<typeof ZInternalChatChannel>;

export const ZInternalChatChannelList = z.object({ items: z.array(ZInternalChatChannel) });
export type InternalChatChannelList = z.infer<typeof ZInternalChatChannelList>;

/** A page of history: oldest first; page back with `before=nextMessageIndex` while hasMoreMessages. */
export const ZInternalChatHistory = z.object({
  channel: ZInternalChatChannel,
  messages: z.array(ZInternalChatMessage),
  hasMoreMessages: z.boolean(),
  /** The `before` of the next (older) page; null when there is none. */
  nextMessageIndex: z.number().int().nullable(),
  paging: z.object({ size: z.number().int(), before: z.number().int().nullable() }),
});
export type InternalChatHistory = z.infer<typeof ZInternalChatHistory>;

export const ZInternalChatHistoryQuery = z.strictObject({
  /** Messages before this index (exclusive); absent: the latest page. */
  before: z.coerce.number().int().min(1).max(2_000_000_000).optional(),
});

export const ZInternalChatClientMessageId = z
  .string()
  .trim()
  .min(8, { message: 'must be 8 to 128 characters' })
  .max(128, { message: 'must be 8 to 128 characters' })
  .regex(/^[A-Za-z0-9_:.-]+$/, { message: 'may hold only letters, digits and - _ : .' });

export const ZInternalChatSendRequest = z.strictObject({
  text: z
    .string()
    .max(INTERNAL_CHAT_TEXT_MAX_LENGTH, { message: `must be at most ${INTERNAL_CHAT_TEXT_MAX_LENGTH} characters` })
    .refine((t) => t.trim().length > 0, { message: 'text is mandatory' }),
  /** The client's id for the message: the same id again answers the message already stored. */
  clientMessageId: ZInternalChatClientMessageId.optional(),
});
export type InternalChatSendRequest = z.input<typeof ZInternalChatSendRequest>;

export const ZInternalChatReadRequest = z.strictObject({
  /** Read up to this index; absent: up to the latest message. */
  index: z.number().int().min(0).max(2_000_000_000).optional(),
});

export const ZInternalChatWorkerRequest = z.strictObject({ workerId: ZId, repairOrderId: ZId });

/** Payload of store/{storeId}/internalChat/messages/created. `channel` is without anyone's read state. */
export const ZInternalChatMessageEvent = z.object({
  message: ZInternalChatMessage,
  channel: ZInternalChatChannel,
});
export type InternalChatMessageEvent = z.infer<typeof ZInternalChatMessageEvent>;

/** Payload of store/{storeId}/internalChat/read: one worker's read index moved (its other tabs follow). */
export const ZInternalChatReadEvent = z.object({
  userId: ZId,
  repairOrderId: ZId,
  channelId: ZId,
  lastReadIndex: z.number().int(),
});
export type InternalChatReadEvent = z.infer<typeof ZInternalChatReadEvent>;

/**
 * The outbox event `internalChat.messageCreated` (a reaction-only topic; no socket hears it): whom
 * a new message is for, so a reaction (web push, notifications) can tell them.
 */
export const ZInternalChatMessageCreated = z.object({
  storeId: ZId,
  repairOrderId: ZId,
  orderNumber: z.string().nullable(),
  channelId: ZId,
  messageId: ZId,
  senderId: ZId,
  senderName: z.string(),
  text: z.string(),
  recipientIds: z.array(ZId),
  /** 'RO#10231' (or 'RO#' and nothing when the order has no number): the push title's start. */
  title: z.string(),
});
export type InternalChatMessageCreated = z.infer<typeof ZInternalChatMessageCreated>;

export function chatNotificationTitle(orderNumber: string | null): string {
  return `${CHAT_NOTIFICATION_PREFIX}${orderNumber ?? ''}`;
}

/** The channel's name as messages carry it. */
export function chatChannelName(orderNumber: string | null, repairOrderId: string): string {
  return orderNumber ? `RO ${orderNumber}` : repairOrderId;
}
