import { z } from 'zod';
import { ZId } from '../http/common.js';
import { LANGUAGES } from '../limits.js';
import { phoneDigits } from '../customers/customer.js';
import { EMAIL_LIST_MAX_LENGTH, emailListMessage, parseEmailList } from '../customers/email-list.js';
import type { ErrorCode } from '../errors.js';

/**
 * Sending the report: the payload, who receives it, and the sending state. docs/reports.md "Sending
 * the report".
 */

/** The report dialog's two uses: send the report, or tell the customer the repair is complete. */
export const REPORT_NOTIFICATIONS = ['report', 'repairComplete'] as const;
export type ReportNotification = (typeof REPORT_NOTIFICATIONS)[number];

/** A sending is not sent, pending, fulfilled or error. */
export const REPORT_SEND_STATES = ['notSent', 'pending', 'fulfilled', 'error'] as const;
export type ReportSendState = (typeof REPORT_SEND_STATES)[number];

/** A delivery's state (one channel and recipient of a sending). */
export const REPORT_DELIVERY_STATUSES = ['pending', 'fulfilled', 'error'] as const;
export type ReportDeliveryStatus = (typeof REPORT_DELIVERY_STATUSES)[number];

export const REPORT_CHANNELS = ['email', 'sms'] as const;
export type ReportChannel = (typeof REPORT_CHANNELS)[number];

/**
 * The sender header: names the worker sending, and must be the signed-in caller. A request
 * prepared under one sign-in and replayed under another (a shared tablet after switch user, the
 * offline queue) is refused instead of sending in someone else's name.
 */
export const REPORT_SENDER_HEADER = 'x-report-sender';

/** How long a send token (the hidden field, from the dialog opening) may be used. */
export const REPORT_SEND_TOKEN_HOURS = 12;

const ZText = (max: number) => z.string().trim().min(1, { message: 'must not be empty' }).max(max);

/**
 * The report payload. storeId, inspectionOrderId, workerId, language, subjectLine and
 * messageText are mandatory. customerEmail / customerPhone: absent means the customer's
 * own; null or '' means not by that channel; a value is the address to use (customerEmail: one
 * or several, separated by commas or semicolons, every one valid). use3rdPartyEmail /
 * use3rdPartyPhone only apply when the customer has none of their own (see reportRecipients).
 * token: the hidden field, a one-time send token the dialog got when it opened.
 */
export const ZSendReportRequest = z.strictObject({
  storeId: ZId,
  inspectionOrderId: ZId,
  workerId: ZId,
  language: z.string().pipe(z.enum(LANGUAGES, { message: 'languageId must be en or fr' })),
  subjectLine: ZText(200).refine((v) => !/[\r\n]/.test(v), { message: 'must be one line' }),
  messageText: ZText(2000),
  notification: z.enum(REPORT_NOTIFICATIONS).default('report'),
  /** Accepted and recorded; no payment link is added until payments exist (docs/reports.md). */
  includePaymentLink: z.boolean().default(false),
  customerEmail: z.string().trim().max(EMAIL_LIST_MAX_LENGTH).nullable().optional(),
  customerPhone: z.string().trim().max(40).nullable().optional(),
  use3rdPartyEmail: z.boolean().default(false),
  use3rdPartyPhone: z.boolean().default(false),
  token: z.string().min(1, { message: 'must not be empty' }).max(500),
});
export type SendReportRequest = z.infer<typeof ZSendReportRequest>;
export type SendReportInput = z.input<typeof ZSendReportRequest>;

export const ZReportDelivery = z.object({
  _id: z.string(),
  channel: z.enum(REPORT_CHANNELS),
  to: z.string(),
  status: z.enum(REPORT_DELIVERY_STATUSES),
  /** Why it failed: SMS_NOT_PERMITTED (refused before sending) or SERVICE_UNAVAILABLE (the provider). */
  error: z.string().nullable(),
  notification: z.enum(REPORT_NOTIFICATIONS),
  workerId: z.string().nullable(),
  createdAt: z.string(),
});
export type ReportDelivery = z.infer<typeof ZReportDelivery>;

export const ZSendReportResponse = z.object({
  /** fulfilled: every channel sent; pending: a provider has not confirmed yet; error: a channel failed. */
  status: z.enum(['pending', 'fulfilled', 'error']),
  /** True when this token had already sent everything asked: nothing was sent again. */
  replayed: z.boolean(),
  reportLinkId: z.string(),
  deliveries: z.array(ZReportDelivery),
});
export type SendReportResponse = z.infer<typeof ZSendReportResponse>;

export const ZSendReportToken = z.object({ token: z.string(), expiresAt: z.string() });

export const ZReportLinkView = z.object({
  _id: z.string(),
  createdAt: z.string(),
  createdBy: z
    .object({ _id: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable() })
    .nullable(),
  revokedAt: z.string().nullable(),
  lastOpenedAt: z.string().nullable(),
});
export type ReportLinkView = z.infer<typeof ZReportLinkView>;

export const ZReportLinkList = z.object({
  _embedded: z.object({ reportLink: z.array(ZReportLinkView), delivery: z.array(ZReportDelivery) }),
});
export type ReportLinkList = z.infer<typeof ZReportLinkList>;

/* ------------------------------------------------------------ recipients */

export interface RecipientCustomer {
  email: string | null;
  mobilePhone: string | null;
  permissionToText: boolean;
}

export interface Recipient {
  to: string;
  /** Not the customer's own address: sent under use3rdPartyEmail / use3rdPartyPhone. */
  thirdParty: boolean;
}

export type RecipientsResult =
  | {
      ok: true;
      /** Each address the e-mail goes to (none: no e-mail). */
      emails: Recipient[];
      sms: Recipient | null;
      /** The text was asked for but the customer has not given permission to text. */
      smsRefused: boolean;
    }
  | { ok: false; status: number; code: ErrorCode; message: string };

const blank = (v: string | null | undefined) => v === null || v === undefined || v.trim() === '';

function pick(
  own: string | null,
  sent: string | null | undefined,
  useThirdParty: boolean,
  field: 'customerEmail' | 'customerPhone',
  flag: 'use3rdPartyEmail' | 'use3rdPartyPhone',
): { ok: true; value: Recipient | null } | { ok: false; message: string } {
  const ownValue = blank(own) ? null : own!.trim();
  if (ownValue) {
    // The customer has one: the flag does not apply; absent means theirs, null/'' none.
    if (sent === undefined) return { ok: true, value: { to: ownValue, thirdParty: false } };
    if (blank(sent)) return { ok: true, value: null };
    return { ok: true, value: { to: sent!.trim(), thirdParty: false } };
  }
  if (!useThirdParty) {
    if (!blank(sent))
      return {
        ok: false,
        message: `${flag}: the customer has none of their own; tick ${flag} to use this one`,
      };
    return { ok: true, value: null };
  }
  if (blank(sent)) return { ok: false, message: `${field} is mandatory with ${flag}` };
  return { ok: true, value: { to: sent!.trim(), thirdParty: true } };
}

/**
 * Who the report goes to: the customer's own e-mail and mobile phone unless the dialog
 * sent others (e-mail: each address of the list, all of which must be valid); a third party's only when the customer has none of their own and the matching
 * use3rdParty flag is ticked. A text needs the customer's permissionToText: without it the text is
 * refused (smsRefused), whatever number. Neither channel: REPORT_NO_RECIPIENT.
 */
export function reportRecipients(
  customer: RecipientCustomer,
  request: Pick<
    SendReportRequest,
    'customerEmail' | 'customerPhone' | 'use3rdPartyEmail' | 'use3rdPartyPhone'
  >,
): RecipientsResult {
  const email = pick(
    customer.email,
    request.customerEmail,
    request.use3rdPartyEmail,
    'customerEmail',
    'use3rdPartyEmail',
  );
  if (!email.ok) return { ok: false, status: 400, code: 'INVALID_ARGUMENTS', message: email.message };
  const phone = pick(
    customer.mobilePhone,
    request.customerPhone,
    request.use3rdPartyPhone,
    'customerPhone',
    'use3rdPartyPhone',
  );
  if (!phone.ok) return { ok: false, status: 400, code: 'INVALID_ARGUMENTS', message: phone.message };
  const list = email.value ? parseEmailList(email.value.to) : ({ ok: true, emails: [] } as const);
  if (!list.ok) {
    return { ok: false, status: 400, code: 'INVALID_ARGUMENTS', message: emailListMessage('customerEmail', list) };
  }
  const emails = list.emails.map((to) => ({ to, thirdParty: email.value!.thirdParty }));
  if (
    phone.value &&
    !phoneDigits(phone.value.to) &&
    !/^\+[1-9]\d{7,14}$/.test(phone.value.to.replace(/[\s().-]/g, ''))
  ) {
    return { ok: false, status: 400, code: 'INVALID_ARGUMENTS', message: 'customerPhone: must be 10 digits' };
  }
  if (emails.length === 0 && !phone.value) {
    return {
      ok: false,
      status: 409,
      code: 'REPORT_NO_RECIPIENT',
      message: 'The customer has no e-mail address or mobile phone to send the report to',
    };
  }
  const smsRefused = phone.value !== null && !customer.permissionToText;
  return { ok: true, emails, sms: smsRefused ? null : phone.value, smsRefused };
}

/* --------------------------------------------------------------- outcome */

/** A sending's state from its deliveries': error wins, then pending; none is not sent. */
export function sendState(statuses: readonly ReportDeliveryStatus[]): ReportSendState {
  if (statuses.length === 0) return 'notSent';
  if (statuses.includes('error')) return 'error';
  if (statuses.includes('pending')) return 'pending';
  return 'fulfilled';
}

/** After a successful answer the dialog clears, hides and goes to the dashboard unless pending or error. */
export function goesToDashboardAfterSend(state: ReportSendState): boolean {
  return state === 'fulfilled';
}

/* ----------------------------------------------------------- maintenance */

export interface MaintenanceDue {
  /** The mileage the services fall due at (a multiple of their interval). */
  atMileage: number;
  services: Array<{ operation: string; item: string }>;
}

/** How far ahead of the current mileage a service counts as due. */
export const MAINTENANCE_DUE_WINDOW = 3000;

/**
 * The maintenance due (includeMaintenanceInReport): for each interval of the schedule, its next
 * multiple at or after the current mileage, when within the window; grouped by that mileage,
 * soonest first. No mileage, no maintenance.
 */
export function dueMaintenance(
  mileage: number | null,
  intervals: ReadonlyArray<{ value: number; services: ReadonlyArray<{ operation: string; item: string }> }>,
  window = MAINTENANCE_DUE_WINDOW,
): MaintenanceDue[] {
  if (mileage === null || mileage <= 0) return [];
  const due = new Map<number, MaintenanceDue>();
  for (const interval of intervals) {
    if (interval.value <= 0) continue;
    const next = Math.ceil(mileage / interval.value) * interval.value;
    if (next - mileage > window) continue;
    const entry = due.get(next) ?? { atMileage: next, services: [] };
    for (const s of interval.services) {
      if (!entry.services.some((e) => e.operation === s.operation && e.item === s.item))
        entry.services.push({ ...s });
    }
    due.set(next, entry);
  }
  return [...due.values()].sort((a, b) => a.atMileage - b.atMileage);
}
