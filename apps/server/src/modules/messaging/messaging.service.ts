import {
  errors,
  type ConsentEvent,
  type ConsentHistory,
  type MoveTarget,
  type Conversation,
  type ConversationPage,
  type TextMessagePage,
  type UnreadTextMessages,
} from '@servicebay/domain';
import type { Db } from '../../platform/db/client.js';
import { translate } from '../../platform/i18n/translate.js';
import { normalizePhone } from '../../platform/sms/index.js';
import { createMessagingRepository } from './messaging.repository.js';
import { presentConversation, presentTextMessage } from './messaging.presenter.js';
import { messagingContext, type MessagingContext, type MessagingDeps } from './use-cases/context.js';
import { deliveryReportUseCases, inboundUseCases, phoneCandidates } from './use-cases/inbound.js';
import { sendingUseCases } from './use-cases/sending.js';

export type { MessagingDeps } from './use-cases/context.js';

/** What the lists, the chat and the badges read. */
function readUseCases(ctx: MessagingContext) {
  const { repo, deps } = ctx;
  return {
    async conversations(storeId: string, page: number, size: number): Promise<ConversationPage> {
      const { items, orders: shown, total } = await repo.conversationsPage(storeId, page, size);
      const orders = new Map(shown.map((o) => [o.customerId, o]));
      return {
        items: items.map((row) => presentConversation(row, orders.get(row.customerId), deps.link)),
        total,
        page,
        size,
        hasMore: (page + 1) * size < total,
      };
    },

    async customerMessages(storeId: string, customerId: string, page: number, size: number): Promise<TextMessagePage> {
      const [{ items, total }, timeZone] = await Promise.all([repo.messagesPage(storeId, customerId, page, size), ctx.timeZoneOf(storeId)]);
      return { items: items.map((row) => presentTextMessage(row, timeZone)), total, page, size, hasMore: (page + 1) * size < total };
    },

    async orderConversation(storeId: string, inspectionOrderId: string): Promise<Conversation> {
      const customerId = await repo.orderCustomer(storeId, inspectionOrderId);
      const conversation = customerId ? await ctx.conversationOf(repo, storeId, customerId) : null;
      if (!conversation) throw errors.notFound();
      return conversation;
    },

    unread(storeId: string, openOrders?: boolean): Promise<UnreadTextMessages> {
      return ctx.countsOf(repo, storeId, { openOrders });
    },

    async markRead(storeId: string, customerId: string): Promise<UnreadTextMessages> {
      return deps.outbox.transaction(async (tx) => {
        await createMessagingRepository(tx).markRead(storeId, customerId, ctx.now());
        return ctx.announceCounts(tx, storeId, customerId);
      });
    },

    /** An incoming text moved to another customer of the store; both conversations written again. */
    async moveMessage(storeId: string, customerId: string, textMessageId: string, toCustomerId: string) {
      if (toCustomerId === customerId) throw errors.invalid('toCustomerId: must be another customer');
      if (!(await repo.customer(storeId, toCustomerId))) throw errors.notFound('No such customer in the store');
      const timeZone = await ctx.timeZoneOf(storeId);
      const moved = await deps.outbox.transaction(async (tx) => {
        const r = createMessagingRepository(tx);
        const row = await r.moveMessage(storeId, textMessageId, customerId, toCustomerId);
        if (!row) return null;
        await r.rebuildConversation(storeId, customerId);
        await r.rebuildConversation(storeId, toCustomerId);
        const message = await ctx.announce(tx, 'updated', row, timeZone);
        await ctx.announceCounts(tx, storeId, customerId);
        await ctx.announceCounts(tx, storeId, toCustomerId);
        return message;
      });
      if (!moved) throw errors.notFound('No such incoming text of this customer');
      return moved;
    },

    /**
     * The customers of the store an incoming text may be moved to: the others whose mobile number
     * is the one it came from, compared in E.164 (the ways that number may be stored).
     */
    async moveTargets(storeId: string, customerId: string, textMessageId: string): Promise<{ items: MoveTarget[] }> {
      const text = await repo.incomingText(storeId, customerId, textMessageId);
      if (!text) throw errors.notFound('No such incoming text of this customer');
      const e164 = normalizePhone(text.from);
      const rows = e164 ? await repo.storeCustomersByPhone(storeId, phoneCandidates(e164), customerId) : [];
      return {
        items: rows.map((row) => ({
          customerId: row.id,
          firstName: row.firstName,
          lastName: row.lastName,
          business: row.business,
          customerNumber: normalizePhone(row.mobilePhone ?? ''),
        })),
      };
    },

    /** Every change of the customer's permission, newest first, with who made it, and the store's time zone. */
    async consentHistory(storeId: string, customerId: string): Promise<ConsentHistory> {
      const [rows, timeZone] = await Promise.all([repo.consentHistory(storeId, customerId), ctx.timeZoneOf(storeId)]);
      return {
        timeZone,
        items: rows.map(({ event, userName }): ConsentEvent => ({
          _id: event.id,
          customerId: event.customerId,
          permissionToText: event.permissionToText,
          source: event.source === 'staff' ? 'staff' : 'keyword',
          keyword: event.keyword,
          phone: event.phone,
          userId: event.userId,
          userName: event.userId ? userName : null,
          at: event.createdAt.toISOString(),
        })),
      };
    },
  };
}

export interface EmailCaller {
  storeId: string | null;
  username: string;
  role: string;
}

/** The two e-mail calls of the messaging API, through the mail provider. */
function emailUseCases(ctx: MessagingContext) {
  const { deps } = ctx;
  return {
    async sendEmail(caller: EmailCaller, body: { to: string; subject: string; body: string }) {
      const result = await deps.mail.send({ to: body.to, subject: body.subject, text: body.body, ...(caller.storeId ? { storeId: caller.storeId } : {}) });
      return { id: result.id, status: result.status };
    },

    async customerSuccess(caller: EmailCaller, body: { subject: string; message: string }) {
      const store = caller.storeId ? await ctx.repo.store(caller.storeId) : null;
      const footer = store
        ? translate('en', 'texting:email.customerSuccessFooter', { user: caller.username, role: caller.role, store: store.name })
        : translate('en', 'texting:email.customerSuccessNoStore', { user: caller.username, role: caller.role });
      const result = await deps.mail.send({
        to: deps.customerSuccessEmail,
        subject: body.subject,
        text: `${body.message}\n\n--\n${footer}`,
        ...(caller.storeId ? { storeId: caller.storeId } : {}),
      });
      return { id: result.id, status: result.status };
    },
  };
}

/** A change of a customer's permission to text made by a staff user. */
export interface StaffConsent {
  storeId: string;
  customerId: string;
  permissionToText: boolean;
  userId: string;
  mobilePhone: string | null;
}

/** Writes a staff change of permissionToText to the consent history, in the transaction of the change. */
export async function recordStaffConsent(tx: Db, change: StaffConsent): Promise<void> {
  await createMessagingRepository(tx).insertConsent({
    storeId: change.storeId,
    customerId: change.customerId,
    permissionToText: change.permissionToText,
    source: 'staff',
    keyword: null,
    phone: normalizePhone(change.mobilePhone ?? ''),
    userId: change.userId,
  });
}

/** Customer texting: conversations, sending, the webhooks' handling, consent, the local gateway. */
export function createMessagingService(deps: MessagingDeps) {
  const ctx = messagingContext(deps);
  const sending = sendingUseCases(ctx);
  return {
    smsKind: deps.sms.kind,
    workerName: (userId: string) => ctx.repo.workerName(userId),
    ...readUseCases(ctx),
    ...emailUseCases(ctx),
    sendText: sending.sendText,
    sendDue: sending.sendDue,
    ...inboundUseCases(ctx, sending),
    ...deliveryReportUseCases(ctx),
  };
}

export type MessagingService = ReturnType<typeof createMessagingService>;
