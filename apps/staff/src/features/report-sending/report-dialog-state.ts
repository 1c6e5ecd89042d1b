import {
  EMAIL_LIST_MAX,
  goesToDashboardAfterSend,
  isLanguage,
  parseEmailList,
  type Customer,
  type Language,
  type ReportNotification,
  type SendReportInput,
  type SendReportResponse,
} from '@servicebay/domain';
import { ApiError } from '@servicebay/web-core';
import type { SmsErrorCode } from './SmsErrorDialog.js';

/**
 * The report dialog's states as pure functions: the form it opens with, which recipients and
 * channels it offers, when sending is allowed, the body it sends, and what it (and the order page
 * around it) shows after each answer. `ReportDialog` and `ReportSendingSection` render them.
 */

/** What the dialog edits. */
export interface ReportForm {
  language: Language;
  subjectLine: string;
  messageText: string;
  email: string;
  phone: string;
  use3rdPartyEmail: boolean;
  use3rdPartyPhone: boolean;
  includePaymentLink: boolean;
}

type CustomerContact = Pick<Customer, 'email' | 'mobilePhone' | 'permissionToText'>;

/** The default subject and message, as `reportSending` keys: the report's or the repair-complete notice's, in a language. */
export function defaultTextKeys(notification: ReportNotification, language: Language) {
  const kind = notification === 'repairComplete' ? 'repair' : 'report';
  return {
    subjectLine: `defaults.${language}.${kind}Subject`,
    messageText: `defaults.${language}.${kind}Message`,
  } as const;
}

/** The language the dialog opens in: the page's when the report has it, else English. */
export function openingLanguage(pageLanguage: string): Language {
  return isLanguage(pageLanguage) ? pageLanguage : 'en';
}

/**
 * The form once the customer is loaded: the texts of the language, the customer's own e-mail and
 * mobile phone, no third party, no payment link.
 */
export function initialForm(
  customer: Pick<Customer, 'email' | 'mobilePhone'>,
  language: Language,
  texts: { subjectLine: string; messageText: string },
): ReportForm {
  return {
    language,
    ...texts,
    email: customer.email ?? '',
    phone: customer.mobilePhone ?? '',
    use3rdPartyEmail: false,
    use3rdPartyPhone: false,
    includePaymentLink: false,
  };
}

/**
 * What the recipient part offers: a customer with an e-mail (a mobile phone) gets it there; one
 * without sees that it has none and may tick "send to someone else", which alone opens the field.
 * The phone's hint warns when the customer did not allow texts. The payment link is offered only
 * where the store takes payments.
 */
export function recipientOptions(
  customer: CustomerContact | undefined,
  form: Pick<ReportForm, 'use3rdPartyEmail' | 'use3rdPartyPhone'>,
  paymentsEnabled: boolean,
) {
  const ownEmail = Boolean(customer?.email);
  const ownPhone = Boolean(customer?.mobilePhone);
  return {
    ownEmail,
    ownPhone,
    /** The "no e-mail" line and the third-party e-mail checkbox. */
    offerThirdPartyEmail: !ownEmail,
    offerThirdPartyPhone: !ownPhone,
    emailEnabled: ownEmail || form.use3rdPartyEmail,
    phoneEnabled: ownPhone || form.use3rdPartyPhone,
    phoneHint: customer && !customer.permissionToText ? ('noPermissionToText' as const) : ('phoneHint' as const),
    offerPaymentLink: paymentsEnabled,
  };
}

/**
 * What is wrong with the e-mail field, or null: it lists one or several addresses, separated by
 * commas or semicolons, and every one must be valid (the first that is not is named). A field the
 * dialog does not send (disabled) has nothing wrong.
 */
export function emailFieldProblem(
  email: string,
  enabled: boolean,
): { key: 'emailInvalid'; address: string } | { key: 'emailTooMany'; max: number } | null {
  if (!enabled) return null;
  const list = parseEmailList(email);
  if (list.ok) return null;
  return list.problem === 'tooMany' ? { key: 'emailTooMany', max: EMAIL_LIST_MAX } : { key: 'emailInvalid', address: list.invalid };
}

/** Sending is allowed once the form is filled and the token is there. */
export function isReady(form: ReportForm | null, token: string | null): boolean {
  return Boolean(form && token);
}

/**
 * The request: a recipient goes only where it is the customer's own or the third-party box is
 * ticked (blank as null); the third-party flags only for a customer without one; the payment link
 * only where the store takes payments.
 */
export function sendBody(
  form: ReportForm,
  context: {
    storeId: string;
    inspectionOrderId: string;
    workerId: string;
    notification: ReportNotification;
    token: string;
    customer: Pick<Customer, 'email' | 'mobilePhone'> | undefined;
    paymentsEnabled: boolean;
  },
): SendReportInput {
  const ownEmail = Boolean(context.customer?.email);
  const ownPhone = Boolean(context.customer?.mobilePhone);
  const field = (value: string, own: boolean, thirdParty: boolean) => (own || thirdParty ? value.trim() || null : null);
  return {
    storeId: context.storeId,
    inspectionOrderId: context.inspectionOrderId,
    workerId: context.workerId,
    language: form.language,
    subjectLine: form.subjectLine,
    messageText: form.messageText,
    notification: context.notification,
    includePaymentLink: context.paymentsEnabled && form.includePaymentLink,
    customerEmail: field(form.email, ownEmail, form.use3rdPartyEmail),
    customerPhone: field(form.phone, ownPhone, form.use3rdPartyPhone),
    use3rdPartyEmail: !ownEmail && form.use3rdPartyEmail,
    use3rdPartyPhone: !ownPhone && form.use3rdPartyPhone,
    token: context.token,
  };
}

/** What the dialog shows: "preparing" until it can send or something failed, then the form. */
export function dialogBody(ready: boolean, error: string | null): 'preparing' | 'form' {
  return !ready && !error ? 'preparing' : 'form';
}

const SMS_CODES = new Set(['SMS_NOT_PERMITTED', 'SMS_NOT_SENT']);
const KNOWN_CODES = [
  'REPORT_NO_RECIPIENT',
  'SMS_NOT_PERMITTED',
  'SMS_NOT_SENT',
  'SERVICE_UNAVAILABLE',
  'INVALID_ARGUMENTS',
] as const;
type KnownCode = (typeof KNOWN_CODES)[number];
const isKnownCode = (code: string): code is KnownCode => (KNOWN_CODES as readonly string[]).includes(code);

/**
 * A refused send: an SMS refusal opens the SMS error dialog; otherwise the dialog shows the offline
 * text, the code's own (with the server's message), or the generic failure.
 */
export function sendFailure(
  error: unknown,
):
  | { kind: 'smsDialog'; code: SmsErrorCode }
  | { kind: 'message'; key: 'errors.offline' | 'errors.failed' | `errors.${KnownCode}`; message?: string } {
  if (error instanceof ApiError && SMS_CODES.has(error.code)) return { kind: 'smsDialog', code: error.code as SmsErrorCode };
  if (error instanceof ApiError && error.status === 0) return { kind: 'message', key: 'errors.offline' };
  if (error instanceof ApiError && isKnownCode(error.code))
    return { kind: 'message', key: `errors.${error.code}`, message: error.message };
  return { kind: 'message', key: 'errors.failed' };
}

/** An answer whose text message failed opens the SMS error dialog with its reason. */
export function smsErrorOf(answer: Pick<SendReportResponse, 'deliveries'>): SmsErrorCode | null {
  const sms = answer.deliveries.find((d) => d.channel === 'sms' && d.status === 'error');
  if (!sms) return null;
  return sms.error === 'SMS_NOT_PERMITTED' ? 'SMS_NOT_PERMITTED' : 'SMS_NOT_SENT';
}

/**
 * What the order page does with an answer, once the dialog closed: everything sent goes to the
 * dashboard with "sent" (or "customer notified" for the repair-complete notice); a pending answer
 * says it is on its way; a failure says it was partly sent, unless the SMS error dialog tells it.
 */
export function afterSent(
  answer: Pick<SendReportResponse, 'status' | 'deliveries'>,
  notification: ReportNotification | null,
):
  | { alert: { type: 'success'; key: 'repairNotified' | 'sent' }; toDashboard: true }
  | { alert: { type: 'info'; key: 'pending' } | { type: 'warning'; key: 'partial' } | null; toDashboard: false } {
  if (goesToDashboardAfterSend(answer.status))
    return {
      alert: { type: 'success', key: notification === 'repairComplete' ? 'repairNotified' : 'sent' },
      toDashboard: true,
    };
  if (answer.status === 'pending') return { alert: { type: 'info', key: 'pending' }, toDashboard: false };
  if (smsErrorOf(answer)) return { alert: null, toDashboard: false };
  return { alert: { type: 'warning', key: 'partial' }, toDashboard: false };
}

/** The links table offers "revoke" while one link still works. */
export function hasActiveLink(links: ReadonlyArray<{ revokedAt: string | null }>): boolean {
  return links.some((l) => l.revokedAt === null);
}
