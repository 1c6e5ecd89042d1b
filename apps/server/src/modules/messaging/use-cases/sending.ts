import { randomUUID } from 'node:crypto';
import {
  ANSWER_WINDOW_MS,
  AppError,
  deliveryRank,
  errors,
  quietHoursEnd,
  storedStoreTimeZone,
  type TextDeliveryStatus,
  type TextMessage,
} from '@servicebay/domain';
import { MessageDeliveryError } from '../../../platform/messages/delivery.js';
import { normalizePhone } from '../../../platform/sms/index.js';
import { createMessagingRepository, type MessagingRepository, type TextMessageRow } from '../messaging.repository.js';
import { presentTextMessage } from '../messaging.presenter.js';
import type { MessagingContext } from './context.js';

export interface TextSender {
  storeId: string;
  userId: string;
  name: string;
}

export interface SendTextInput {
  text: string;
  messageId?: string | undefined;
  customerId?: string | undefined;
  userId?: string | undefined;
}

const noValidCellPhone = () =>
  new AppError(409, 'contact_does_not_have_valid_cell_phone', 'contact does not have valid cell phone');
const optedOut = () => new AppError(409, 'TEXTING_OPTED_OUT', 'this customer asked not to receive texts');
const notPermitted = () =>
  new AppError(409, 'SMS_NOT_PERMITTED', 'The customer has not given permission to receive text messages');

interface TextedCustomer {
  id: string;
  storeId: string;
  mobilePhone: string | null;
  permissionToText: boolean;
}

/**
 * Why this customer may not be texted now, or null. The customer asked not to be texted when the
 * last change of the permission was their own STOP; staff turning it off is "not permitted".
 */
async function refusalFor(repo: MessagingRepository, customer: TextedCustomer): Promise<AppError | null> {
  if (!normalizePhone(customer.mobilePhone ?? '')) return noValidCellPhone();
  if (customer.permissionToText) return null;
  const last = await repo.lastConsent(customer.storeId, customer.id);
  return last && !last.permissionToText && last.source === 'keyword' ? optedOut() : notPermitted();
}

/** Sending the store's texts: checked, stored, handed to the provider now or at the end of quiet hours. */
export function sendingUseCases(ctx: MessagingContext) {
  const { deps, repo, now } = ctx;

  const refusal = (customer: TextedCustomer) => refusalFor(repo, customer);

  /** Hands a stored text to the provider and records what it said; a refusal is stored as failed. */
  async function deliver(row: TextMessageRow, timeZone: string): Promise<TextMessageRow> {
    let status: TextDeliveryStatus;
    let sentMessageId: string | null;
    let error: string | null = null;
    try {
      const result = await deps.sms.send({ to: row.to, text: row.text, storeId: row.storeId });
      // The local gateway moves its texts along itself (queued, sent, delivered), as a carrier would.
      status = deps.sms.kind === 'local' ? 'queued' : result.status === 'sent' ? 'sent' : 'queued';
      sentMessageId = result.id;
    } catch (caught) {
      if (!(caught instanceof MessageDeliveryError)) deps.logger.error({ err: caught, textMessageId: row.id }, 'text message not handed over');
      status = 'failed';
      sentMessageId = caught instanceof MessageDeliveryError ? caught.sentMessageId : null;
      error = caught instanceof MessageDeliveryError ? 'refused by the provider' : 'not handed to the provider';
    }
    return deps.outbox.transaction(async (tx) => {
      const r = createMessagingRepository(tx);
      // Twilio's status callback may have come before this line linked the text to its delivery:
      // it updated the delivery row, so the text takes the further of the two words.
      const delivery = sentMessageId && deps.sms.kind !== 'local' ? await deps.sentMessagesIn(tx).find(sentMessageId) : null;
      if (delivery && deliveryRank(delivery.status) > deliveryRank(status)) status = delivery.status;
      const updated = (await r.updateMessage(row.id, { status, sentMessageId, error, via: deps.sms.kind })) ?? row;
      const failed = status === 'failed' || status === 'undelivered';
      if (failed) await r.addError(row.storeId, row.customerId);
      await ctx.announce(tx, 'updated', updated, timeZone);
      if (failed) await ctx.announceCounts(tx, row.storeId, row.customerId);
      return updated;
    });
  }

  /** Stores a store's text (scheduled, or queued and handed over at once) with its events. */
  async function storeAndSend(
    row: Omit<TextMessageRow, 'id' | 'createdAt' | 'updatedAt' | 'seenAt' | 'sentMessageId' | 'error' | 'via' | 'status' | 'scheduledFor'>,
    opts: { timeZone: string; scheduledFor: Date | null; phone: string },
  ): Promise<TextMessageRow> {
    const at = now();
    const inserted = await deps.outbox.transaction(async (tx) => {
      const r = createMessagingRepository(tx);
      const stored = await r.insertMessage({
        ...row,
        status: opts.scheduledFor ? 'scheduled' : 'queued',
        scheduledFor: opts.scheduledFor,
        createdAt: at,
        updatedAt: at,
      });
      if (!stored) return null;
      await r.touchConversation({
        storeId: row.storeId,
        customerId: row.customerId,
        phone: opts.phone,
        text: row.text,
        sender: row.senderName,
        senderType: 'store',
        at,
        unreadDelta: 0,
      });
      await ctx.announce(tx, 'created', stored, opts.timeZone);
      return stored;
    });
    // Someone else stored the same message id first: theirs is the message, sent once.
    if (!inserted) return (await repo.messageByMessageId(row.storeId, row.messageId))!;
    return opts.scheduledFor ? inserted : deliver(inserted, opts.timeZone);
  }

  return {
    deliver,
    refusal,
    storeAndSend,

    async sendText(sender: TextSender, customerId: string, input: SendTextInput): Promise<TextMessage> {
      if (input.customerId !== undefined && input.customerId !== customerId) {
        throw errors.invalid('customerId: must be the customer of the path');
      }
      if (input.userId !== undefined && input.userId !== sender.userId) throw errors.invalid('userId: must be the signed-in user');
      if (input.text.trim().length === 0) throw errors.invalid('text: must not be empty');
      const messageId = input.messageId ?? randomUUID();
      const store = await repo.store(sender.storeId);
      const timeZone = storedStoreTimeZone(store ?? { settings: null, country: null, state: null });

      const existing = await repo.messageByMessageId(sender.storeId, messageId);
      if (existing) {
        if (existing.customerId !== customerId || existing.senderType !== 'store') {
          throw errors.conflict('messageId: already used for another message');
        }
        return presentTextMessage(existing, timeZone);
      }
      if (!deps.textingConfigured) throw new AppError(503, 'TEXTING_NOT_CONFIGURED', 'Texting is not configured on this server');
      const customer = await repo.customer(sender.storeId, customerId);
      if (!customer) throw errors.notFound();
      const refused = await refusal(customer);
      if (refused) throw refused;

      const lastInbound = await repo.lastInboundAt(sender.storeId, customerId);
      const answer = lastInbound !== null && now().getTime() - lastInbound.getTime() <= ANSWER_WINDOW_MS;
      const phone = normalizePhone(customer.mobilePhone ?? '')!;
      const row = await storeAndSend(
        {
          storeId: sender.storeId,
          customerId,
          messageId,
          userId: sender.userId,
          senderType: 'store',
          senderName: sender.name,
          from: store?.name ?? '',
          to: phone,
          text: input.text,
          automatic: false,
        },
        { timeZone, scheduledFor: answer ? null : quietHoursEnd(now(), timeZone), phone },
      );
      return presentTextMessage(row, timeZone);
    },

    /**
     * Sends the texts whose quiet hours are over. Each is claimed by one statement, so two server
     * processes never send one twice; a customer who opted out meanwhile is not texted.
     */
    async sendDue(limit = 20): Promise<number> {
      const due = await repo.claimScheduled(now(), limit);
      for (const row of due) {
        const timeZone = await ctx.timeZoneOf(row.storeId);
        const customer = await repo.customer(row.storeId, row.customerId);
        const refused = customer ? await refusal(customer) : noValidCellPhone();
        if (!refused) {
          await deliver(row, timeZone);
          continue;
        }
        await deps.outbox.transaction(async (tx) => {
          const r = createMessagingRepository(tx);
          const failed = (await r.updateMessage(row.id, { status: 'failed', error: refused.code })) ?? row;
          await r.addError(row.storeId, row.customerId);
          await ctx.announce(tx, 'updated', failed, timeZone);
          await ctx.announceCounts(tx, row.storeId, row.customerId);
        });
      }
      return due.length;
    },
  };
}

export type SendingUseCases = ReturnType<typeof sendingUseCases>;
