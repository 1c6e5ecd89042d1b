import { z } from 'zod';
import { access } from '../http/access.js';
import { ZId, ZPage, ZQueryBoolean, ZSize } from '../http/common.js';
import { defineRoute } from '../http/route.js';
import { LIMITS } from '../limits.js';
import { STAFF_ROLES } from '../roles.js';
import {
  TEXT_MESSAGE_MAX_LENGTH,
  ZTextDeliveryStatus,
  ZTextStatus,
  ZTextStatusGroup,
} from '../messaging/texting.js';

/**
 * Customer texting (docs/texting.md): a store's conversations with its customers, both ways. Store
 * staff of the customer's store only: another store's customer answers 404, and so does a portal
 * user, even the customer itself.
 */
const TEXTING_ROLES = STAFF_ROLES;

/** A client's id for the text it sends: a repeated send with the same id is stored and sent once. */
export const ZClientMessageId = z
  .string()
  .trim()
  .min(8, { message: 'must be 8 to 128 characters' })
  .max(128, { message: 'must be 8 to 128 characters' })
  .regex(/^[A-Za-z0-9_:.-]+$/, { message: 'may hold only letters, digits and - _ : .' });

export const ZTextSenderType = z.enum(['store', 'customer']);

export const ZTextMessage = z.object({
  _id: ZId,
  /** The sender's id for it (the client's, or Twilio's MessageSid for a customer's text). */
  messageId: z.string(),
  customerId: ZId,
  storeId: ZId,
  /** The worker who wrote it; null for the customer's texts and the automatic answers. */
  userId: ZId.nullable(),
  creationDate: z.iso.datetime(),
  /** The store's calendar day of creationDate (YYYY-MM-DD), for the day separators. */
  creationDay: z.string(),
  senderType: ZTextSenderType,
  senderName: z.string(),
  /** The customer's number (E.164) for a customer's text, the store's name for the store's. */
  from: z.string(),
  text: z.string(),
  /** pending, final (delivered), failed, or undelivered. */
  status: ZTextStatus,
  /** final (delivered), failed (undelivered, failed) or pending (everything else). */
  statusGroup: ZTextStatusGroup,
  /** The carrier's word: scheduled, queued, sent, delivered, undelivered, failed, received... */
  deliveryStatus: ZTextDeliveryStatus,
  /** Set while the text waits for the end of quiet hours (deliveryStatus scheduled). */
  scheduledFor: z.iso.datetime().nullable(),
  /** A customer's text the store has read; a failed text of the store's that was seen. */
  read: z.boolean(),
  /** The automatic answer to STOP, START or HELP. */
  automatic: z.boolean(),
});
export type TextMessage = z.infer<typeof ZTextMessage>;

export const ZConversation = z.object({
  customerId: ZId,
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  business: z.string().nullable(),
  /** The customer's mobile number in E.164, or null when it has none that can take texts. */
  customerNumber: z.string().nullable(),
  permissionToText: z.boolean(),
  /** The latest text and who wrote it; null before the first text. */
  text: z.string().nullable(),
  sender: z.string().nullable(),
  senderType: ZTextSenderType.nullable(),
  date: z.iso.datetime().nullable(),
  /** The customer's texts the store has not read. */
  unreadSentMessages: z.number().int(),
  /** The store's texts that failed and were not seen since. */
  errorMessages: z.number().int(),
  /** The customer's open order (else the latest), for "RO 10231" or "Not in shop". */
  inspectionOrderId: ZId.nullable(),
  orderNumber: z.string().nullable(),
  /** True when the customer has no open order: the list shows 'Not in shop'. */
  inspectionOrderClosed: z.boolean(),
  vehicleInShop: z.boolean(),
  yearMakeModel: z.string().nullable(),
  licensePlate: z.string().nullable(),
  /** The fleet logo or the vehicle's picture, a signed URL; null: draw the initials. */
  primaryPicture: z.string().nullable(),
});
export type Conversation = z.infer<typeof ZConversation>;

const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
    hasMore: z.boolean(),
  });

export const ZConversationPage = pageOf(ZConversation);
export type ConversationPage = z.infer<typeof ZConversationPage>;
export const ZTextMessagePage = pageOf(ZTextMessage);
export type TextMessagePage = z.infer<typeof ZTextMessagePage>;

export const ZConversationQuery = z.strictObject({
  page: ZPage,
  size: ZSize(100, LIMITS.pageSize.conversations),
});
export const ZTextMessageQuery = z.strictObject({
  page: ZPage,
  size: ZSize(200, LIMITS.pageSize.customerMessages),
});

/**
 * What the chat posts. Only `text` is required. The other fields of the spec's message are
 * accepted so a client can send the message it drew, but the server decides them: `customerId`
 * must be the path's, `userId` the caller's, `senderType` 'store'; `senderName`, `creationDate`
 * and `status` are the server's.
 */
export const ZSendTextMessageRequest = z.strictObject({
  text: z.string().max(TEXT_MESSAGE_MAX_LENGTH, {
    message: `must be at most ${TEXT_MESSAGE_MAX_LENGTH} characters`,
  }),
  messageId: ZClientMessageId.optional(),
  customerId: ZId.optional(),
  userId: ZId.optional(),
  senderName: z.string().max(200).optional(),
  senderType: z.literal('store', { message: "must be 'store'" }).optional(),
  creationDate: z.string().max(40).optional(),
  status: z.string().max(20).optional(),
});
export type SendTextMessageRequest = z.input<typeof ZSendTextMessageRequest>;

export const ZTextCounts = z.object({ unread: z.number().int(), errors: z.number().int() });

/** The store's unread and error counts; also the payload of store/{storeId}/messages/count. */
export const ZUnreadTextMessages = z.object({
  totalUnread: z.number().int(),
  totalErrors: z.number().int(),
  /** Customers with something unread or failed; the others are left out. */
  countByCustomerId: z.record(z.string(), ZTextCounts),
});
export type UnreadTextMessages = z.infer<typeof ZUnreadTextMessages>;

export const ZUnreadQuery = z.strictObject({
  /** true: count only customers with an open order (in the shop or scheduled). */
  openOrders: ZQueryBoolean.optional(),
});

export const ZConsentEvent = z.object({
  _id: ZId,
  customerId: ZId,
  permissionToText: z.boolean(),
  /** keyword: the customer texted it; staff: a worker changed it. */
  source: z.enum(['keyword', 'staff']),
  /** The keyword as the customer wrote it (STOP, arrêt, START...), or null. */
  keyword: z.string().nullable(),
  /** The number it came from (E.164), or null. */
  phone: z.string().nullable(),
  userId: ZId.nullable(),
  /** The staff user's name (first and last, else the user name); null for a keyword. */
  userName: z.string().nullable(),
  at: z.iso.datetime(),
});
export type ConsentEvent = z.infer<typeof ZConsentEvent>;
export const ZConsentHistory = z.object({
  items: z.array(ZConsentEvent),
  /** The store's time zone (IANA): the history's times are shown in it. */
  timeZone: z.string(),
});
export type ConsentHistory = z.infer<typeof ZConsentHistory>;

/** A customer of the store an incoming text may be moved to: another one with the text's number. */
export const ZMoveTarget = z.object({
  customerId: ZId,
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  business: z.string().nullable(),
  /** The customer's mobile number in E.164. */
  customerNumber: z.string().nullable(),
});
export type MoveTarget = z.infer<typeof ZMoveTarget>;
export const ZMoveTargets = z.object({ items: z.array(ZMoveTarget) });

/** Payload of store/{storeId}/messages/created and /updated. */
export const ZTextMessageEvent = z.object({ message: ZTextMessage, conversation: ZConversation.nullable() });
export type TextMessageEvent = z.infer<typeof ZTextMessageEvent>;

/** Payload of store/{storeId}/messages/count: the store's totals and the one customer that changed. */
export const ZTextCountEvent = ZUnreadTextMessages.extend({ customerId: ZId });
export type TextCountEvent = z.infer<typeof ZTextCountEvent>;

const customerParams = z.strictObject({ customerId: ZId });

export const conversationListRoute = defineRoute({
  id: 'messaging.conversations',
  method: 'GET',
  path: '/messaging/v1/store/:storeId/conversation',
  summary:
    "The store's conversations, 20 a page: those with failed texts first, then unread, then the latest; page from 0.",
  tag: 'messaging',
  access: access.store(TEXTING_ROLES),
  params: z.strictObject({ storeId: ZId }),
  query: ZConversationQuery,
  response: ZConversationPage,
});

export const customerTextMessagesRoute = defineRoute({
  id: 'messaging.customerMessages',
  method: 'GET',
  path: '/messaging/v1/customer/:customerId/text-message',
  summary: "A customer's text messages, newest first, 50 a page; page from 0.",
  tag: 'messaging',
  access: access.customerStaff(TEXTING_ROLES),
  params: customerParams,
  query: ZTextMessageQuery,
  response: ZTextMessagePage,
});

export const orderConversationRoute = defineRoute({
  id: 'messaging.orderConversation',
  method: 'GET',
  path: '/messaging/v1/store/:storeId/inspectionOrder/:inspectionOrderId/conversation',
  summary: "The conversation with the order's customer (text null before the first text).",
  tag: 'messaging',
  access: access.store(TEXTING_ROLES),
  params: z.strictObject({ storeId: ZId, inspectionOrderId: ZId }),
  response: ZConversation,
});

export const sendTextMessageRoute = defineRoute({
  id: 'messaging.send',
  method: 'POST',
  path: '/messaging/v1/customer/:customerId/text-message',
  summary:
    "Texts the customer. The same messageId again answers the message already stored and sends nothing. 400 for an empty text or one over 1600 characters; 409 contact_does_not_have_valid_cell_phone, TEXTING_OPTED_OUT (the customer texted STOP) or SMS_NOT_PERMITTED; 503 TEXTING_NOT_CONFIGURED. During the store's quiet hours (21:00-08:00) a text that is not an answer is stored as scheduled until 08:00. A provider failure is stored: the answer is the message with status failed.",
  tag: 'messaging',
  access: access.customerStaff(TEXTING_ROLES),
  params: customerParams,
  body: ZSendTextMessageRequest,
  response: ZTextMessage,
  status: 201,
});

export const textMessageReadRoute = defineRoute({
  id: 'messaging.read',
  method: 'POST',
  path: '/messaging/v1/customer/:customerId/text-message-read',
  summary: "Marks the customer's texts read and its failures seen; answers the store's counts after.",
  tag: 'messaging',
  access: access.customerStaff(TEXTING_ROLES),
  params: customerParams,
  body: z.strictObject({}).optional(),
  response: ZUnreadTextMessages,
});

export const unreadTextMessagesRoute = defineRoute({
  id: 'messaging.unread',
  method: 'GET',
  path: '/messaging/v1/store/:storeId/unread-text-message',
  summary: "The store's unread and failed texts: totals and per customer; openOrders=true counts only customers with an open order.",
  tag: 'messaging',
  access: access.store(TEXTING_ROLES),
  params: z.strictObject({ storeId: ZId }),
  query: ZUnreadQuery,
  response: ZUnreadTextMessages,
});

export const consentHistoryRoute = defineRoute({
  id: 'messaging.consentHistory',
  method: 'GET',
  path: '/messaging/v1/customer/:customerId/consent-history',
  summary: "Every change of the customer's permission to text (STOP, START...), newest first.",
  tag: 'messaging',
  access: access.customerStaff(TEXTING_ROLES),
  params: customerParams,
  response: ZConsentHistory,
});

export const moveTextMessageRoute = defineRoute({
  id: 'messaging.move',
  method: 'POST',
  path: '/messaging/v1/customer/:customerId/text-message/:textMessageId/move',
  summary:
    "Attaches a text the customer sent to another customer of the store (several customers share a number: an incoming text goes to the most recent conversation). 404 unless the text is the path customer's own incoming text and the other customer is of the same store.",
  tag: 'messaging',
  access: access.customerStaff(TEXTING_ROLES),
  params: z.strictObject({ customerId: ZId, textMessageId: ZId }),
  body: z.strictObject({ toCustomerId: ZId }),
  response: ZTextMessage,
});

export const moveTargetsRoute = defineRoute({
  id: 'messaging.moveTargets',
  method: 'GET',
  path: '/messaging/v1/customer/:customerId/text-message/:textMessageId/move-targets',
  summary:
    "The store's other customers whose mobile number is the one an incoming text came from (E.164 compared), where it may be moved. 404 unless the text is the path customer's own incoming text.",
  tag: 'messaging',
  access: access.customerStaff(TEXTING_ROLES),
  params: z.strictObject({ customerId: ZId, textMessageId: ZId }),
  response: ZMoveTargets,
});

export const ZSendEmailRequest = z.strictObject({
  to: z.email({ message: 'must be an e-mail address' }),
  subject: z.string().trim().min(1, { message: 'subject is mandatory' }).max(200),
  body: z.string().trim().min(1, { message: 'body is mandatory' }).max(20_000),
});
export const ZEmailSent = z.object({ id: ZId, status: z.string() });

export const sendEmailRoute = defineRoute({
  id: 'messaging.sendEmail',
  method: 'POST',
  path: '/v1/api/email/send',
  summary: 'Sends one plain e-mail (to, subject, body all required) through the mail provider, recorded for the caller\'s store.',
  tag: 'messaging',
  access: access.signedIn(TEXTING_ROLES),
  body: ZSendEmailRequest,
  response: ZEmailSent,
});

export const ZCustomerSuccessRequest = z.strictObject({
  subject: z.string().trim().min(1, { message: 'subject is mandatory' }).max(200),
  message: z.string().trim().min(1, { message: 'message is mandatory' }).max(20_000),
});

export const customerSuccessEmailRoute = defineRoute({
  id: 'messaging.customerSuccess',
  method: 'POST',
  path: '/messaging/v1/email/customer-success-team',
  summary: "E-mails ServiceBay's customer success team (CUSTOMER_SUCCESS_EMAIL) from the caller, naming the caller and its store.",
  tag: 'messaging',
  access: access.signedIn(TEXTING_ROLES),
  body: ZCustomerSuccessRequest,
  response: ZEmailSent,
});

/** Twilio's form posts: checked against X-Twilio-Signature by the handler before anything else. */
export const twilioInboundRoute = defineRoute({
  id: 'webhooks.twilioInbound',
  method: 'POST',
  path: '/v2/webhooks/twilio/inbound',
  summary:
    "Twilio's incoming-message webhook (form-encoded). 403 without a valid X-Twilio-Signature; answers empty TwiML.",
  tag: 'webhooks',
  access: access.public('Twilio calls it; every request must carry a valid X-Twilio-Signature (403 otherwise)'),
  produces: 'text/xml',
});

export const twilioStatusRoute = defineRoute({
  id: 'webhooks.twilioStatus',
  method: 'POST',
  path: '/v2/webhooks/twilio/status',
  summary: "Twilio's status callback (form-encoded). 403 without a valid X-Twilio-Signature; answers empty TwiML.",
  tag: 'webhooks',
  access: access.public('Twilio calls it; every request must carry a valid X-Twilio-Signature (403 otherwise)'),
  produces: 'text/xml',
});

export const messagingRoutes = [
  conversationListRoute,
  customerTextMessagesRoute,
  orderConversationRoute,
  sendTextMessageRoute,
  textMessageReadRoute,
  unreadTextMessagesRoute,
  consentHistoryRoute,
  moveTextMessageRoute,
  moveTargetsRoute,
  sendEmailRoute,
  customerSuccessEmailRoute,
  twilioInboundRoute,
  twilioStatusRoute,
] as const;
