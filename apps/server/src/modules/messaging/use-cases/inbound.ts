import {
  consentKeyword,
  deliveryRank,
  storedStoreTimeZone,
  textDeliveryStatusOfTwilio,
  textStatusGroup,
  type ConsentKeyword,
} from '@servicebay/domain';
import type { Db } from '../../../platform/db/client.js';
import { translate } from '../../../platform/i18n/translate.js';
import { mapTwilioStatus, normalizePhone, type FormParams } from '../../../platform/sms/index.js';
import { createMessagingRepository } from '../messaging.repository.js';
import { customerDisplayName, deliveryStatusOf } from '../messaging.presenter.js';
import type { MessagingContext } from './context.js';
import type { SendingUseCases } from './sending.js';

const field = (params: FormParams, name: string): string | null => {
  const value = params[name];
  return typeof value === 'string' ? value : null;
};

/** The ways a number may be kept on a customer: its ten North American digits, or E.164. */
export function phoneCandidates(e164: string): string[] {
  const candidates = [e164, e164.slice(1)];
  if (e164.startsWith('+1') && e164.length === 12) candidates.push(e164.slice(2));
  return candidates;
}

/** French keywords are answered in French, the others in English. */
const languageOf = (word: string) => (/^(ARR[EÊ]T|AIDE)$/i.test(word.trim().replace(/[.!]+$/, '')) ? 'fr' : 'en');

/** A customer's texts coming in, the consent keywords, and the carrier's delivery reports. */
export function inboundUseCases(ctx: MessagingContext, sending: SendingUseCases) {
  const { deps, repo, now } = ctx;

  /** STOP, START: the permission changes once, with its history line; answers only a change. */
  async function applyConsent(
    tx: Db,
    keyword: Exclude<ConsentKeyword, 'help'>,
    customer: { id: string; storeId: string; permissionToText: boolean },
    word: string,
    phone: string,
  ): Promise<boolean> {
    const permission = keyword === 'start';
    if (customer.permissionToText === permission) return false;
    await deps.setPermissionToText(tx, customer.storeId, customer.id, permission);
    await createMessagingRepository(tx).insertConsent({
      storeId: customer.storeId,
      customerId: customer.id,
      permissionToText: permission,
      source: 'keyword',
      keyword: word.trim().slice(0, 40),
      phone,
      userId: null,
    });
    return true;
  }

  /** The automatic answer, sent at once whatever the hour; its id derives from the text it answers. */
  async function answer(customer: { id: string; storeId: string }, inboundId: string, phone: string, text: string, timeZone: string, storeName: string) {
    await sending.storeAndSend(
      {
        storeId: customer.storeId,
        customerId: customer.id,
        messageId: `auto:${inboundId}`,
        userId: null,
        senderType: 'store',
        senderName: storeName,
        from: storeName,
        to: phone,
        text,
        automatic: true,
      },
      { timeZone, scheduledFor: null, phone },
    );
  }

  return {
    /** The customer a store's text was attached to, by its message id (a customer's: its MessageSid). */
    async customerOfText(storeId: string, messageId: string): Promise<string | null> {
      return (await repo.messageByMessageId(storeId, messageId))?.customerId ?? null;
    },

    /** Twilio's incoming message (already verified): stored once per MessageSid, unread. */
    async receive(params: FormParams): Promise<{ customerId: string | null }> {
      const from = normalizePhone(field(params, 'From') ?? '');
      const sid = field(params, 'MessageSid') ?? field(params, 'SmsSid');
      const body = field(params, 'Body') ?? '';
      if (!from || !sid) return { customerId: null };
      // One index-backed lookup (customers_mobile_idx) gives the customer and all the text needs of it.
      const [customer] = await repo.customersByPhone(phoneCandidates(from));
      if (!customer) {
        deps.logger.info({ messageSid: sid }, 'incoming text from a number no customer has');
        return { customerId: null };
      }
      const store = await repo.store(customer.storeId);
      const storeName = store?.name ?? '';
      const timeZone = storedStoreTimeZone(store ?? { settings: null, country: null, state: null });
      const keyword = consentKeyword(body);
      const at = now();

      const outcome = await deps.outbox.transaction(async (tx) => {
        const r = createMessagingRepository(tx);
        const stored = await r.insertMessage({
          storeId: customer.storeId,
          customerId: customer.id,
          messageId: sid,
          userId: null,
          senderType: 'customer',
          senderName: customerDisplayName(customer),
          from,
          to: field(params, 'To') ?? '',
          text: body,
          status: 'received',
          createdAt: at,
          updatedAt: at,
        });
        // Twilio retries a webhook it got no answer to: the second one changes nothing.
        if (!stored) return null;
        await r.touchConversation({
          storeId: customer.storeId,
          customerId: customer.id,
          phone: from,
          text: body,
          sender: stored.senderName,
          senderType: 'customer',
          at,
          unreadDelta: 1,
        });
        await ctx.announce(tx, 'created', stored, timeZone);
        await ctx.announceCounts(tx, customer.storeId, customer.id);
        const changed = keyword && keyword !== 'help' ? await applyConsent(tx, keyword, customer, body, from) : false;
        return { id: stored.id, changed };
      });
      if (!outcome) return { customerId: customer.id };

      const language = languageOf(body);
      const vars = { store: storeName, phone: store?.phoneNo ?? '' };
      const reply =
        keyword === 'help'
          ? translate(language, store?.phoneNo ? 'texting:sms.help' : 'texting:sms.helpNoPhone', vars)
          : outcome.changed
            ? translate(language, keyword === 'stop' ? 'texting:sms.stopped' : 'texting:sms.started', vars)
            : null;
      if (reply) await answer(customer, sid, from, reply, timeZone, storeName);
      return { customerId: customer.id };
    },

  };
}

/** The carrier's delivery reports: Twilio's status callback, and the local gateway's steps. */
export function deliveryReportUseCases(ctx: MessagingContext) {
  const { deps, repo, now } = ctx;
  return {
    /**
     * Twilio's status callback (already verified): the delivery row and the text move forward,
     * never back (callbacks may arrive out of order); a failure counts as an error once.
     */
    async statusCallback(params: FormParams): Promise<void> {
      const sid = field(params, 'MessageSid') ?? field(params, 'SmsSid');
      const reported = field(params, 'MessageStatus') ?? field(params, 'SmsStatus');
      if (!sid || !reported) return;
      const sentMessages = deps.sentMessagesIn(deps.db);
      const sent = await sentMessages.findByProviderMessageId('twilio', sid);
      if (!sent) return;
      const errorCode = field(params, 'ErrorCode');
      const sentStatus = mapTwilioStatus(reported);
      // The delivery row follows the same rule as the text: forward only, a final word stays.
      const sentRank = deliveryRank(sent.status);
      if (sentRank < 4 && deliveryRank(sentStatus) > sentRank) {
        await sentMessages.recordDelivery(sent.id, {
          status: sentStatus,
          ...(errorCode ? { error: `Twilio ${errorCode.slice(0, 20)}` } : {}),
        });
      }
      const text = await repo.messageBySentMessage(sent.id);
      if (!text) return;
      const next = textDeliveryStatusOfTwilio(reported);
      const current = deliveryStatusOf(text);
      if (next === current || deliveryRank(next) < deliveryRank(current) || deliveryRank(current) === 4) return;
      const timeZone = await ctx.timeZoneOf(text.storeId);
      await deps.outbox.transaction(async (tx) => {
        const r = createMessagingRepository(tx);
        const updated = (await r.updateMessage(text.id, { status: next })) ?? text;
        const failed = textStatusGroup(next) === 'failed';
        if (failed) await r.addError(text.storeId, text.customerId);
        await ctx.announce(tx, 'updated', updated, timeZone);
        if (failed) await ctx.announceCounts(tx, text.storeId, text.customerId);
      });
    },

    /**
     * The local gateway's step: texts it carries move queued → sent → delivered, each step once
     * `stepMs` has passed, as a carrier's reports would; the delivery row follows.
     */
    async advanceLocalGateway(stepMs: number, limit = 50): Promise<number> {
      const at = now();
      return deps.outbox.transaction(async (tx) => {
        const moved = await createMessagingRepository(tx).advanceLocal(new Date(at.getTime() - stepMs), at, limit);
        const sentMessages = deps.sentMessagesIn(tx);
        for (const row of moved) {
          if (row.sentMessageId) await sentMessages.recordDelivery(row.sentMessageId, { status: row.status === 'delivered' ? 'delivered' : 'sent' });
          const store = await createMessagingRepository(tx).store(row.storeId);
          await ctx.announce(tx, 'updated', row, storedStoreTimeZone(store ?? { settings: null, country: null, state: null }));
        }
        return moved.length;
      });
    },
  };
}
