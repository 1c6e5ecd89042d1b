import { describe, expect, it } from 'vitest';
import { chatNotificationTitle, type ReportApprovedEvent, type TextMessageEvent } from '@servicebay/domain';
import { approvalDraft, assignmentDraft, inboundTextDraft, notificationReactions, quote } from './notifications.reactions.js';
import { chatPushPayloadOf, headlineOf, pushPayloadOf } from './notifications.presenter.js';

const store = '00000000-0000-4000-8000-000000000001';
const order = '00000000-0000-4000-8000-000000000002';
const advisor = '00000000-0000-4000-8000-000000000003';
const tech = '00000000-0000-4000-8000-000000000004';
const now = new Date('2026-12-02T12:00:00Z');

const approval: ReportApprovedEvent = {
  inspectionOrderId: order,
  orderNumber: '7001',
  signerName: 'Jane Doe',
  approved: 2,
  declined: 1,
  approvedTotal: 100,
  currency: 'CAD',
  approval: 'done',
  at: '2026-12-02T11:59:00.000Z',
};

const text = (over: Partial<TextMessageEvent['message']> = {}, conversation: Partial<NonNullable<TextMessageEvent['conversation']>> = {}) =>
  ({
    message: { _id: '00000000-0000-4000-8000-000000000009', customerId: '00000000-0000-4000-8000-000000000005', senderType: 'customer', automatic: false, text: 'Is my car ready?', ...over },
    conversation: { firstName: 'Jane', lastName: 'Doe', business: null, inspectionOrderId: order, orderNumber: '7001', inspectionOrderClosed: false, ...conversation },
  }) as unknown as TextMessageEvent;

describe('approvalDraft', () => {
  it("tells the order's advisor, keyed by the signing", () => {
    expect(approvalDraft(store, approval, advisor)).toMatchObject({
      userId: advisor,
      kind: 'reportApproved',
      params: { signer: 'Jane Doe', order: '7001', approved: 2, declined: 1 },
      sourceKey: `reportApproved:${order}:2026-12-02T11:59:00.000Z`,
      inspectionOrderId: order,
    });
  });
  it('tells nobody when the order has no advisor', () => {
    expect(approvalDraft(store, approval, null)).toBeNull();
  });
});

describe('inboundTextDraft', () => {
  it("tells the advisor of the customer's open order, quoting the text", () => {
    expect(inboundTextDraft(store, text(), advisor)).toMatchObject({
      userId: advisor,
      kind: 'inboundText',
      params: { customer: 'Jane Doe', order: '7001', text: 'Is my car ready?' },
      sourceKey: 'inboundText:00000000-0000-4000-8000-000000000009',
    });
  });
  it("ignores the store's own texts, automatic answers, and customers without an open order", () => {
    expect(inboundTextDraft(store, text({ senderType: 'store' }), advisor)).toBeNull();
    expect(inboundTextDraft(store, text({ automatic: true }), advisor)).toBeNull();
    expect(inboundTextDraft(store, text({}, { inspectionOrderClosed: true }), advisor)).toBeNull();
    expect(inboundTextDraft(store, text({}, { inspectionOrderId: null }), advisor)).toBeNull();
  });
  it('cuts a long text', () => {
    expect(quote(`${'a'.repeat(100)}\n\nb`)).toHaveLength(80);
    expect(quote('  two\n lines ')).toBe('two lines');
  });
});

describe('assignmentDraft', () => {
  const base = { _id: order, orderNumber: '7001', technicianId: tech, _embedded: { vehicle: { year: 2019, make: 'Honda', model: 'Civic' } } };
  it('tells the technician an advisor assigned, once per assignment', () => {
    const draft = assignmentDraft(store, { ...base, activities: [{ type: 'created', date: '2026-12-01T00:00:00Z', userId: advisor }, { type: 'assigned', date: '2026-12-02T11:00:00Z', userId: advisor }] }, now);
    expect(draft).toMatchObject({ userId: tech, kind: 'orderAssigned', params: { order: '7001', vehicle: '2019 Honda Civic' }, sourceKey: `orderAssigned:${order}:assigned:2026-12-02T11:00:00Z` });
  });
  it('tells the technician an order was created with them on it', () => {
    expect(assignmentDraft(store, { ...base, activities: [{ type: 'created', date: '2026-12-02T11:00:00Z', userId: advisor }] }, now)?.sourceKey).toBe(`orderAssigned:${order}:created:2026-12-02T11:00:00Z`);
  });
  it('tells nobody who took the order themselves, an order without technician, or an old assignment', () => {
    expect(assignmentDraft(store, { ...base, activities: [{ type: 'assigned', date: '2026-12-02T11:00:00Z', userId: tech }] }, now)).toBeNull();
    expect(assignmentDraft(store, { ...base, technicianId: null, activities: [{ type: 'assigned', date: '2026-12-02T11:00:00Z', userId: advisor }] }, now)).toBeNull();
    expect(assignmentDraft(store, { ...base, activities: [{ type: 'assigned', date: '2026-11-20T11:00:00Z', userId: advisor }] }, now)).toBeNull();
  });
});

describe('headlineOf', () => {
  it('writes the headline in the reader’s language', () => {
    const params = { signer: 'Jane Doe', order: '7001', approved: 2, declined: 1 };
    expect(headlineOf('reportApproved', params, 'en')).toBe('Jane Doe answered the report of RO 7001: 2 approved, 1 declined');
    expect(headlineOf('reportApproved', params, 'fr')).toBe('Jane Doe a répondu au rapport, BT 7001 : 2 approuvé(s), 1 refusé(s)');
    expect(headlineOf('orderAssigned', { order: null, vehicle: null }, 'en')).toBe('RO (no number) was assigned to you (a vehicle)');
  });
});

describe('pushPayloadOf', () => {
  const notification = (kind: 'reportApproved' | 'inboundText', params: Record<string, string | number | null>, language: string) => ({
    _id: tech,
    id: tech,
    headline: headlineOf(kind, params, language),
    kind,
    read: false,
    archived: false,
    created: now.toISOString(),
    updated: now.toISOString(),
    expirationDate: now.toISOString(),
    storeId: store,
    inspectionOrderId: order,
    customerId: null,
  });

  it("titles a customer's text 'RO#' and the order's number, the headline as its body, in the reader's language", () => {
    const params = { customer: 'Jane Doe', order: '7001', text: 'Is my car ready?' };
    expect(pushPayloadOf(notification('inboundText', params, 'en'), params, 'en')).toEqual({
      title: 'RO#7001 Text from Jane Doe',
      body: 'Jane Doe texted about RO 7001: “Is my car ready?”',
      ignore: false,
      url: `/app/store/${store}/inspectionOrder/${order}`,
      tag: `notification:${tech}`,
    });
    expect(pushPayloadOf(notification('inboundText', params, 'fr'), params, 'fr').title).toBe('RO#7001 Texto de Jane Doe');
  });

  it('has no prefix when the order has no number', () => {
    const params = { signer: 'Jane Doe', order: null, approved: 1, declined: 0 };
    expect(pushPayloadOf(notification('reportApproved', params, 'en'), params, 'en').title).toBe('Customer answered the report');
  });
});

describe('shop chat pushes', () => {
  const event = {
    storeId: store,
    repairOrderId: order,
    orderNumber: '10231',
    channelId: '00000000-0000-4000-8000-000000000010',
    messageId: '00000000-0000-4000-8000-000000000011',
    senderId: tech,
    senderName: 'Terry Tech',
    text: 'Front pads at 2 mm, can you call the customer?',
    recipientIds: [advisor, advisor, '00000000-0000-4000-8000-000000000012'],
    title: chatNotificationTitle('10231'),
  };

  it("titles the push 'RO#' and the order's number with the sender, the message as its body, opening the order", () => {
    expect(chatPushPayloadOf(event)).toEqual({
      title: 'RO#10231 Terry Tech',
      body: 'Front pads at 2 mm, can you call the customer?',
      ignore: false,
      url: `/app/store/${store}/inspectionOrder/${order}`,
      tag: `chat:${order}`,
    });
  });

  it('pushes each recipient once, and nothing for the events of other topics', async () => {
    const pushed: [string, string | undefined][] = [];
    const reactions = notificationReactions({ orderPeople: async () => null, push: (userId, payload) => pushed.push([userId, payload.title]) });
    const chat = reactions.find((r) => r.name === 'notifications.chatPush')!;
    expect(chat.wants(`store/${store}/internalChat/messageCreated`)).toBe(true);
    expect(chat.wants(`store/${store}/messages/created`)).toBe(false);
    await chat.handle(undefined as never, { topic: `store/${store}/internalChat/messageCreated`, payload: event } as never);
    expect(pushed).toEqual([
      [advisor, 'RO#10231 Terry Tech'],
      ['00000000-0000-4000-8000-000000000012', 'RO#10231 Terry Tech'],
    ]);
  });
});
