import { describe, expect, it } from 'vitest';
import { ZSendReportRequest, type ReportDelivery } from '@servicebay/domain';
import { en } from '@servicebay/locales';
import { ApiError } from '@servicebay/web-core';
import {
  afterSent,
  defaultTextKeys,
  dialogBody,
  hasActiveLink,
  initialForm,
  isReady,
  openingLanguage,
  recipientOptions,
  sendBody,
  sendFailure,
  smsErrorOf,
  type ReportForm,
  emailFieldProblem,
} from './report-dialog-state.js';

const withBoth = { email: 'ada@example.com', mobilePhone: '5145550101', permissionToText: true };
const withNone = { email: null, mobilePhone: null, permissionToText: false };
const texts = { subjectLine: 'Your report', messageText: 'Here it is.' };
const noThirdParty = { use3rdPartyEmail: false, use3rdPartyPhone: false };

const form = (over: Partial<ReportForm> = {}): ReportForm => ({ ...initialForm(withBoth, 'en', texts), ...over });
const context = (over: Partial<Parameters<typeof sendBody>[1]> = {}) => ({
  storeId: 's1',
  inspectionOrderId: 'o1',
  workerId: 'u1',
  notification: 'report' as const,
  token: 'tok',
  customer: withBoth,
  paymentsEnabled: false,
  ...over,
});

const delivery = (channel: 'email' | 'sms', status: ReportDelivery['status'], error: string | null = null): ReportDelivery => ({
  _id: `${channel}-${status}`,
  channel,
  to: channel === 'email' ? 'ada@example.com' : '5145550101',
  status,
  error,
  notification: 'report',
  workerId: 'u1',
  createdAt: '2026-11-20T10:00:00Z',
});

describe('opening', () => {
  it("prefills the report's or the repair-complete notice's texts in the chosen language", () => {
    expect(defaultTextKeys('report', 'en')).toEqual({
      subjectLine: 'defaults.en.reportSubject',
      messageText: 'defaults.en.reportMessage',
    });
    expect(defaultTextKeys('repairComplete', 'fr')).toEqual({
      subjectLine: 'defaults.fr.repairSubject',
      messageText: 'defaults.fr.repairMessage',
    });
    for (const notification of ['report', 'repairComplete'] as const)
      for (const language of ['en', 'fr'] as const) {
        const keys = defaultTextKeys(notification, language);
        const [, lang, subject] = keys.subjectLine.split('.');
        const [, , message] = keys.messageText.split('.');
        const catalog = en.reportSending.defaults as Record<string, Record<string, string>>;
        expect(catalog[lang!]![subject!], keys.subjectLine).toBeTruthy();
        expect(catalog[lang!]![message!], keys.messageText).toBeTruthy();
      }
  });

  it("opens in the page's language when the report has it, else English", () => {
    expect(openingLanguage('fr')).toBe('fr');
    expect(openingLanguage('en')).toBe('en');
    expect(openingLanguage('de')).toBe('en');
    expect(openingLanguage('')).toBe('en');
  });

  it("fills the customer's own e-mail and mobile phone, no third party, no payment link", () => {
    expect(initialForm(withBoth, 'fr', texts)).toEqual({
      language: 'fr',
      subjectLine: 'Your report',
      messageText: 'Here it is.',
      email: 'ada@example.com',
      phone: '5145550101',
      use3rdPartyEmail: false,
      use3rdPartyPhone: false,
      includePaymentLink: false,
    });
    expect(initialForm(withNone, 'en', texts)).toMatchObject({ email: '', phone: '' });
  });
});

describe('recipientOptions', () => {
  it("sends to the customer's own e-mail and phone, with nothing else to tick", () => {
    expect(recipientOptions(withBoth, noThirdParty, false)).toEqual({
      ownEmail: true,
      ownPhone: true,
      offerThirdPartyEmail: false,
      offerThirdPartyPhone: false,
      emailEnabled: true,
      phoneEnabled: true,
      phoneHint: 'phoneHint',
      offerPaymentLink: false,
    });
  });

  it('offers a third party where the customer has none; the field opens only once ticked', () => {
    expect(recipientOptions(withNone, noThirdParty, false)).toMatchObject({
      offerThirdPartyEmail: true,
      offerThirdPartyPhone: true,
      emailEnabled: false,
      phoneEnabled: false,
    });
    expect(recipientOptions(withNone, { use3rdPartyEmail: true, use3rdPartyPhone: false }, false)).toMatchObject({
      emailEnabled: true,
      phoneEnabled: false,
    });
    const emailOnly = { ...withBoth, mobilePhone: null };
    expect(recipientOptions(emailOnly, noThirdParty, false)).toMatchObject({
      offerThirdPartyEmail: false,
      offerThirdPartyPhone: true,
    });
  });

  it('warns on the phone when the customer did not allow texts', () => {
    expect(recipientOptions({ ...withBoth, permissionToText: false }, noThirdParty, false).phoneHint).toBe(
      'noPermissionToText',
    );
    // Not before the customer is known.
    expect(recipientOptions(undefined, noThirdParty, false).phoneHint).toBe('phoneHint');
  });

  it('offers the payment link only where the store takes payments', () => {
    expect(recipientOptions(withBoth, noThirdParty, true).offerPaymentLink).toBe(true);
    expect(recipientOptions(withBoth, noThirdParty, false).offerPaymentLink).toBe(false);
  });
});

describe('isReady and dialogBody', () => {
  it('allows sending once the form and the token are both there', () => {
    expect(isReady(form(), 'tok')).toBe(true);
    expect(isReady(null, 'tok')).toBe(false);
    expect(isReady(form(), null)).toBe(false);
    expect(isReady(form(), '')).toBe(false);
  });

  it('shows "preparing" until ready, and the form (with its error) as soon as something failed', () => {
    expect(dialogBody(false, null)).toBe('preparing');
    expect(dialogBody(true, null)).toBe('form');
    expect(dialogBody(false, 'The token could not be had')).toBe('form');
  });
});

describe('sendBody', () => {
  it("sends to the customer's own recipients, trimmed, with what the route requires", () => {
    const body = sendBody(form({ email: ' ada@example.com ' }), context());
    expect(body).toMatchObject({
      storeId: 's1',
      inspectionOrderId: 'o1',
      workerId: 'u1',
      language: 'en',
      notification: 'report',
      token: 'tok',
      customerEmail: 'ada@example.com',
      customerPhone: '5145550101',
      use3rdPartyEmail: false,
      use3rdPartyPhone: false,
      includePaymentLink: false,
    });
    // The route's own schema takes it (with real ids).
    const id = '00000000-0000-4000-8000-000000000001';
    const real = sendBody(form(), context({ storeId: id, inspectionOrderId: id, workerId: id }));
    expect(ZSendReportRequest.safeParse(real).success).toBe(true);
  });

  it('sends a blank own recipient as none', () => {
    expect(sendBody(form({ phone: '  ' }), context())).toMatchObject({ customerPhone: null });
  });

  it('sends a third party only when ticked, for a customer without one', () => {
    const typed = form({ email: 'friend@example.com', phone: '4385550000' });
    expect(sendBody(typed, context({ customer: withNone }))).toMatchObject({
      customerEmail: null,
      customerPhone: null,
      use3rdPartyEmail: false,
      use3rdPartyPhone: false,
    });
    expect(sendBody({ ...typed, use3rdPartyEmail: true }, context({ customer: withNone }))).toMatchObject({
      customerEmail: 'friend@example.com',
      customerPhone: null,
      use3rdPartyEmail: true,
    });
  });

  it('never flags a third party for a customer who has that recipient', () => {
    const body = sendBody(form({ use3rdPartyEmail: true, use3rdPartyPhone: true }), context());
    expect(body).toMatchObject({ use3rdPartyEmail: false, use3rdPartyPhone: false, customerEmail: 'ada@example.com' });
  });

  it('asks for the payment link only where the store takes payments', () => {
    expect(sendBody(form({ includePaymentLink: true }), context()).includePaymentLink).toBe(false);
    expect(sendBody(form({ includePaymentLink: true }), context({ paymentsEnabled: true })).includePaymentLink).toBe(true);
    expect(sendBody(form(), context({ paymentsEnabled: true })).includePaymentLink).toBe(false);
  });

  it('keeps the notification it was opened for', () => {
    expect(sendBody(form(), context({ notification: 'repairComplete' })).notification).toBe('repairComplete');
  });
});

describe('sendFailure', () => {
  it('opens the SMS error dialog for an SMS refusal', () => {
    expect(sendFailure(new ApiError(409, 'SMS_NOT_PERMITTED', 'x'))).toEqual({ kind: 'smsDialog', code: 'SMS_NOT_PERMITTED' });
    expect(sendFailure(new ApiError(502, 'SMS_NOT_SENT', 'x'))).toEqual({ kind: 'smsDialog', code: 'SMS_NOT_SENT' });
  });

  it('says offline when the request never reached the server', () => {
    expect(sendFailure(new ApiError(0, 'NETWORK', 'x'))).toEqual({ kind: 'message', key: 'errors.offline' });
  });

  it("shows a known code's text with the server's message", () => {
    expect(sendFailure(new ApiError(400, 'REPORT_NO_RECIPIENT', 'no e-mail or phone'))).toEqual({
      kind: 'message',
      key: 'errors.REPORT_NO_RECIPIENT',
      message: 'no e-mail or phone',
    });
    for (const code of ['SERVICE_UNAVAILABLE', 'INVALID_ARGUMENTS', 'REPORT_NO_RECIPIENT']) {
      const failure = sendFailure(new ApiError(400, code, 'm'));
      expect(failure).toMatchObject({ key: `errors.${code}` });
      expect((en.reportSending.errors as Record<string, string>)[code], code).toBeTruthy();
    }
  });

  it('shows the generic failure for anything else', () => {
    expect(sendFailure(new ApiError(500, 'INTERNAL', 'x'))).toEqual({ kind: 'message', key: 'errors.failed' });
    expect(sendFailure(new Error('not ready'))).toEqual({ kind: 'message', key: 'errors.failed' });
  });
});

describe('after an answer', () => {
  it('finds a failed text message and its reason', () => {
    expect(smsErrorOf({ deliveries: [delivery('email', 'fulfilled'), delivery('sms', 'error', 'SMS_NOT_PERMITTED')] })).toBe(
      'SMS_NOT_PERMITTED',
    );
    expect(smsErrorOf({ deliveries: [delivery('sms', 'error', 'SERVICE_UNAVAILABLE')] })).toBe('SMS_NOT_SENT');
    expect(smsErrorOf({ deliveries: [delivery('sms', 'error')] })).toBe('SMS_NOT_SENT');
    expect(smsErrorOf({ deliveries: [delivery('email', 'error', 'SERVICE_UNAVAILABLE'), delivery('sms', 'fulfilled')] })).toBeNull();
    expect(smsErrorOf({ deliveries: [] })).toBeNull();
  });

  it('goes to the dashboard once everything is sent, saying what was sent', () => {
    const sent = { status: 'fulfilled' as const, deliveries: [delivery('email', 'fulfilled')] };
    expect(afterSent(sent, 'report')).toEqual({ alert: { type: 'success', key: 'sent' }, toDashboard: true });
    expect(afterSent(sent, 'repairComplete')).toEqual({ alert: { type: 'success', key: 'repairNotified' }, toDashboard: true });
  });

  it('stays and says it is on its way while a provider has not confirmed', () => {
    expect(afterSent({ status: 'pending', deliveries: [delivery('sms', 'pending')] }, 'report')).toEqual({
      alert: { type: 'info', key: 'pending' },
      toDashboard: false,
    });
  });

  it('stays and says it was partly sent, unless the SMS error dialog tells it', () => {
    expect(afterSent({ status: 'error', deliveries: [delivery('email', 'error', 'SERVICE_UNAVAILABLE')] }, 'report')).toEqual({
      alert: { type: 'warning', key: 'partial' },
      toDashboard: false,
    });
    expect(afterSent({ status: 'error', deliveries: [delivery('sms', 'error', 'SMS_NOT_PERMITTED')] }, 'report')).toEqual({
      alert: null,
      toDashboard: false,
    });
  });

  it('names texts the catalog has', () => {
    for (const key of ['sent', 'repairNotified', 'pending', 'partial'] as const)
      expect((en.reportSending as Record<string, unknown>)[key], key).toBeTruthy();
  });
});

describe('hasActiveLink', () => {
  it('offers revoking while one link still works', () => {
    expect(hasActiveLink([{ revokedAt: '2026-11-20T10:00:00Z' }, { revokedAt: null }])).toBe(true);
    expect(hasActiveLink([{ revokedAt: '2026-11-20T10:00:00Z' }])).toBe(false);
    expect(hasActiveLink([])).toBe(false);
  });
});

describe('the e-mail field', () => {
  it('takes several addresses, every one valid, naming the first that is not', () => {
    expect(emailFieldProblem('ada@example.com; bob@example.org, ', true)).toBeNull();
    expect(emailFieldProblem('', true)).toBeNull();
    expect(emailFieldProblem('ada@example.com, bob', true)).toEqual({ key: 'emailInvalid', address: 'bob' });
    expect(emailFieldProblem('bob', false)).toBeNull();
    const many = Array.from({ length: 21 }, (_, i) => `p${i}@example.com`).join(';');
    expect(emailFieldProblem(many, true)).toEqual({ key: 'emailTooMany', max: 20 });
    expect(en.reportSending.emailInvalid).toContain('{{address}}');
  });
});
