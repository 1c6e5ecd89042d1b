import { describe, expect, it } from 'vitest';
import {
  dueMaintenance,
  goesToDashboardAfterSend,
  reportRecipients,
  sendState,
  ZSendReportRequest,
} from './send-report.js';

const customer = { email: 'jane@example.test', mobilePhone: '514-555-0123', permissionToText: true };
const none = { use3rdPartyEmail: false, use3rdPartyPhone: false };

describe('reportRecipients', () => {
  it('sends to each address of a list, all valid, naming the first invalid one', () => {
    expect(reportRecipients(customer, { ...none, customerEmail: 'jane@example.test; fleet@example.test, ' })).toMatchObject({
      ok: true,
      emails: [
        { to: 'jane@example.test', thirdParty: false },
        { to: 'fleet@example.test', thirdParty: false },
      ],
    });
    expect(reportRecipients(customer, { ...none, customerEmail: 'jane@example.test, fleet@' })).toEqual({
      ok: false,
      status: 400,
      code: 'INVALID_ARGUMENTS',
      message: 'customerEmail: fleet@ is not an e-mail address',
    });
    // Only separators: no e-mail, the text still goes.
    expect(reportRecipients(customer, { ...none, customerEmail: ' ; , ' })).toMatchObject({ ok: true, emails: [], sms: { to: '514-555-0123' } });
  });

  it("defaults to the customer's own e-mail and phone", () => {
    expect(reportRecipients(customer, none)).toEqual({
      ok: true,
      emails: [{ to: 'jane@example.test', thirdParty: false }],
      sms: { to: '514-555-0123', thirdParty: false },
      smsRefused: false,
    });
  });

  it('leaves a channel out when its field is cleared, and uses an edited address', () => {
    const r = reportRecipients(customer, {
      ...none,
      customerEmail: 'jane.doe@example.test',
      customerPhone: null,
    });
    expect(r).toMatchObject({
      ok: true,
      emails: [{ to: 'jane.doe@example.test', thirdParty: false }],
      sms: null,
    });
    expect(reportRecipients(customer, { ...none, customerPhone: '' })).toMatchObject({ sms: null });
  });

  it('ignores the third-party flags when the customer has their own', () => {
    const r = reportRecipients(customer, { use3rdPartyEmail: true, use3rdPartyPhone: true });
    expect(r).toMatchObject({ emails: [{ thirdParty: false }], sms: { thirdParty: false } });
  });

  it('needs the flag ticked to send to a third party when the customer has none', () => {
    const noEmail = { ...customer, email: null };
    expect(reportRecipients(noEmail, { ...none, customerEmail: 'fleet@example.test' })).toMatchObject({
      ok: false,
      status: 400,
      message: expect.stringContaining('use3rdPartyEmail'),
    });
    expect(reportRecipients(noEmail, { ...none, use3rdPartyEmail: true })).toMatchObject({
      ok: false,
      message: 'customerEmail is mandatory with use3rdPartyEmail',
    });
    expect(
      reportRecipients(noEmail, { ...none, use3rdPartyEmail: true, customerEmail: 'fleet@example.test' }),
    ).toMatchObject({
      ok: true,
      emails: [{ to: 'fleet@example.test', thirdParty: true }],
    });
    // Flag off and nothing typed: simply no e-mail.
    expect(reportRecipients(noEmail, none)).toMatchObject({ ok: true, emails: [] });
    const noPhone = { ...customer, mobilePhone: null };
    expect(
      reportRecipients(noPhone, { ...none, use3rdPartyPhone: true, customerPhone: '(438) 555-0101' }),
    ).toMatchObject({
      sms: { to: '(438) 555-0101', thirdParty: true },
    });
  });

  it('refuses the text without permissionToText, the e-mail still goes', () => {
    expect(reportRecipients({ ...customer, permissionToText: false }, none)).toMatchObject({
      ok: true,
      emails: [{ to: 'jane@example.test' }],
      sms: null,
      smsRefused: true,
    });
  });

  it('refuses a customer with neither e-mail nor phone, and bad addresses', () => {
    expect(reportRecipients({ email: null, mobilePhone: null, permissionToText: true }, none)).toMatchObject({
      ok: false,
      status: 409,
      code: 'REPORT_NO_RECIPIENT',
    });
    expect(reportRecipients(customer, { ...none, customerEmail: 'not-an-address' })).toMatchObject({
      ok: false,
      message: 'customerEmail: not-an-address is not an e-mail address',
    });
    expect(reportRecipients(customer, { ...none, customerPhone: '12' })).toMatchObject({
      ok: false,
      message: 'customerPhone: must be 10 digits',
    });
  });
});

describe('ZSendReportRequest', () => {
  const valid = {
    storeId: '7d6f1f7e-3f7b-4a53-9b7b-2f0d2b7c1a11',
    inspectionOrderId: '7d6f1f7e-3f7b-4a53-9b7b-2f0d2b7c1a12',
    workerId: '7d6f1f7e-3f7b-4a53-9b7b-2f0d2b7c1a13',
    language: 'fr',
    subjectLine: ' Votre rapport ',
    messageText: 'Bonjour',
    token: 't',
  };
  it('defaults the notification to report and the flags to false', () => {
    expect(ZSendReportRequest.parse(valid)).toMatchObject({
      notification: 'report',
      includePaymentLink: false,
      use3rdPartyEmail: false,
      subjectLine: 'Votre rapport',
    });
  });
  it('refuses another language, an empty subject and a subject of two lines', () => {
    expect(ZSendReportRequest.safeParse({ ...valid, language: 'de' }).error?.issues[0]?.message).toBe(
      'languageId must be en or fr',
    );
    expect(ZSendReportRequest.safeParse({ ...valid, subjectLine: '  ' }).success).toBe(false);
    expect(ZSendReportRequest.safeParse({ ...valid, subjectLine: 'a\nBcc: x' }).success).toBe(false);
    expect(ZSendReportRequest.safeParse({ ...valid, notification: 'payment' }).success).toBe(false);
  });
});

describe('sending state', () => {
  it('is error when a delivery failed, then pending, then fulfilled; none is not sent', () => {
    expect(sendState([])).toBe('notSent');
    expect(sendState(['fulfilled', 'error'])).toBe('error');
    expect(sendState(['fulfilled', 'pending'])).toBe('pending');
    expect(sendState(['fulfilled', 'fulfilled'])).toBe('fulfilled');
  });
  it('goes to the dashboard unless pending or error', () => {
    expect(goesToDashboardAfterSend('fulfilled')).toBe(true);
    expect(goesToDashboardAfterSend('pending')).toBe(false);
    expect(goesToDashboardAfterSend('error')).toBe(false);
  });
});

describe('dueMaintenance', () => {
  const schedule = [
    { value: 5000, services: [{ operation: 'Replace', item: 'Engine oil' }] },
    { value: 30000, services: [{ operation: 'Replace', item: 'Air filter' }] },
  ];
  it('lists the services due within the window, grouped by mileage, soonest first', () => {
    expect(dueMaintenance(29_500, schedule)).toEqual([
      {
        atMileage: 30_000,
        services: [
          { operation: 'Replace', item: 'Engine oil' },
          { operation: 'Replace', item: 'Air filter' },
        ],
      },
    ]);
    expect(dueMaintenance(21_000, schedule, 3000)).toEqual([]);
    expect(dueMaintenance(23_000, schedule, 3000)).toEqual([
      { atMileage: 25_000, services: [{ operation: 'Replace', item: 'Engine oil' }] },
    ]);
  });
  it('needs a mileage', () => {
    expect(dueMaintenance(null, schedule)).toEqual([]);
    expect(dueMaintenance(0, schedule)).toEqual([]);
  });
});
