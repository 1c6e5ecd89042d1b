import { z } from 'zod';
import { dayIn, hourIn, instantAt, nextDay } from '../analytics/calendar-day.js';

/** Carriers refuse a text over 1600 characters; the product refuses it first, naming the limit. */
export const TEXT_MESSAGE_MAX_LENGTH = 1600;

/**
 * Where a text is on its way, as the carrier (Twilio) says it, plus `scheduled`: written during
 * the store's quiet hours and kept until they end. A customer's text is `received`.
 */
export const TEXT_DELIVERY_STATUSES = [
  'scheduled',
  'accepted',
  'queued',
  'sending',
  'sent',
  'delivered',
  'undelivered',
  'failed',
  'receiving',
  'received',
] as const;
export const ZTextDeliveryStatus = z.enum(TEXT_DELIVERY_STATUSES);
export type TextDeliveryStatus = z.infer<typeof ZTextDeliveryStatus>;

/** The three groups the screens draw: a final tick, a failure, or still on its way. */
export const ZTextStatusGroup = z.enum(['final', 'failed', 'pending']);
export type TextStatusGroup = z.infer<typeof ZTextStatusGroup>;

/** A text message's status on the wire: the group, with undelivered told apart from failed. */
export const ZTextStatus = z.enum(['pending', 'final', 'failed', 'undelivered']);
export type TextStatus = z.infer<typeof ZTextStatus>;

/**
 * Delivered is final; undelivered and failed are failures; everything else (received, receiving,
 * sent, sending, queued, accepted, pending, scheduled) is pending. A customer's own text is
 * `received`, so it stays in the pending group, as the chat draws it.
 */
export function textStatusGroup(status: TextDeliveryStatus): TextStatusGroup {
  switch (status) {
    case 'delivered':
      return 'final';
    case 'undelivered':
    case 'failed':
      return 'failed';
    default:
      return 'pending';
  }
}

export function textStatus(status: TextDeliveryStatus): TextStatus {
  return status === 'undelivered' ? 'undelivered' : textStatusGroup(status);
}

/** Twilio's MessageStatus in ours; an unknown word stays queued (the next callback has the last word). */
export function textDeliveryStatusOfTwilio(status: string | null | undefined): TextDeliveryStatus {
  switch (status) {
    case 'accepted':
    case 'queued':
    case 'sending':
    case 'sent':
    case 'delivered':
    case 'undelivered':
    case 'failed':
    case 'receiving':
    case 'received':
    case 'scheduled':
      return status;
    case 'read':
      return 'delivered';
    case 'partially_delivered':
      return 'sent';
    case 'canceled':
      return 'failed';
    default:
      return 'queued';
  }
}

/** How far a status is along its way, so a late callback never moves a text backwards. */
export function deliveryRank(status: TextDeliveryStatus): number {
  switch (status) {
    case 'scheduled':
      return 0;
    case 'accepted':
    case 'queued':
      return 1;
    case 'sending':
      return 2;
    case 'sent':
      return 3;
    default:
      return 4;
  }
}

/** What a customer's whole text asks for about consent, or null when it is a message. */
export type ConsentKeyword = 'stop' | 'start' | 'help';

const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'ARRET', 'ARRÊT']);
const START_WORDS = new Set(['START', 'UNSTOP', 'YES']);
const HELP_WORDS = new Set(['HELP', 'AIDE']);

/**
 * Carriers act on a text that is the keyword alone, in any case, with spaces or a full stop or
 * exclamation mark around it ("Stop.", " stop "); a sentence that contains the word is a message.
 */
export function consentKeyword(text: string): ConsentKeyword | null {
  const word = text
    .trim()
    .replace(/^[\s.!¡?¿"'«»]+|[\s.!?"'«»]+$/gu, '')
    .toLocaleUpperCase('fr-CA');
  if (STOP_WORDS.has(word)) return 'stop';
  if (START_WORDS.has(word)) return 'start';
  if (HELP_WORDS.has(word)) return 'help';
  return null;
}

/** Texts that are not answers wait from 21:00 until 08:00 in the store's time zone. */
export const QUIET_HOURS = { startHour: 21, endHour: 8 } as const;

/** When quiet hours end if `now` is inside them in the time zone, else null (send now). */
export function quietHoursEnd(now: Date, timeZone: string): Date | null {
  const hour = hourIn(now, timeZone);
  if (hour >= QUIET_HOURS.endHour && hour < QUIET_HOURS.startHour) return null;
  const today = dayIn(now, timeZone);
  const day = hour >= QUIET_HOURS.startHour ? nextDay(today) : today;
  return instantAt(day, QUIET_HOURS.endHour, 0, timeZone);
}

/**
 * A store's text is an answer when the customer wrote within this long before it: the customer
 * is waiting for it, so it goes out even during quiet hours.
 */
export const ANSWER_WINDOW_MS = 60 * 60 * 1000;
