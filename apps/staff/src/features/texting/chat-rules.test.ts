import { describe, expect, it } from 'vitest';
import type {
  Conversation,
  HouseholdSearchResult,
  UnreadTextMessages,
} from '@servicebay/domain';
import {
  addMessage,
  applyCountEvent,
  applyCustomerCounts,
  atTop,
  compareConversations,
  consentChange,
  contactsOf,
  conversationName,
  groupMessagesByDay,
  initialsOf,
  lastMessageLine,
  mapPagedItems,
  markRead,
  matchesChatFilter,
  messageMark,
  moveLatestMessage,
  newlyFailed,
  nextPageParam,
  pagedItems,
  raiseErrors,
  readCountEvent,
  readMessageEvent,
  removeMessage,
  replaceMessage,
  scrolledFarEnough,
  selectConversation,
  selectionAfter,
  sendErrorKey,
  shouldNotify,
  sortConversations,
  sortMessages,
  textRefusal,
  unreadRose,
  updateConversationList,
  type PagedItems,
} from './chat-rules.js';

import { conversation, ID, message } from './texting-fixture.js';

const ids = (list: readonly Conversation[]) => list.map((c) => c.customerId);

describe('the conversation list', () => {
  it('sorts by error count, then unread count, then date, all descending', () => {
    const old = conversation(1, { date: '2026-11-19T10:00:00.000Z' });
    const recent = conversation(2, { date: '2026-11-21T10:00:00.000Z' });
    const unread = conversation(3, { unreadSentMessages: 1, date: '2026-11-01T10:00:00.000Z' });
    const moreUnread = conversation(4, { unreadSentMessages: 3, date: '2026-11-01T10:00:00.000Z' });
    const failed = conversation(5, { errorMessages: 1, date: '2026-10-01T10:00:00.000Z' });
    const never = conversation(6, { text: null, sender: null, date: null });
    expect(ids(sortConversations([old, never, unread, recent, failed, moreUnread]))).toEqual(
      ids([failed, moreUnread, unread, recent, old, never]),
    );
    expect(compareConversations(old, old)).toBe(0);
  });

  it('selecting a conversation adds it (on top) when missing, and only then', () => {
    const list = [conversation(1), conversation(2)];
    expect(ids(selectConversation(list, conversation(3)))).toEqual([ID(3), ID(1), ID(2)]);
    expect(ids(selectConversation(list, conversation(2, { text: 'other' })))).toEqual([ID(1), ID(2)]);
  });

  it("the selection follows the list's copy, and a cleared list clears it", () => {
    const selected = conversation(1, { unreadSentMessages: 2 });
    const list = [conversation(1, { unreadSentMessages: 0 })];
    expect(selectionAfter(list, selected)?.unreadSentMessages).toBe(0);
    expect(selectionAfter([], selected)).toBeNull();
    expect(selectionAfter(list, null)).toBeNull();
    // Not in the list (a contact found by the search): it stays selected.
    expect(selectionAfter([conversation(2)], selected)).toBe(selected);
  });

  it("a list update moves the customer's latest text and sender, then sorts", () => {
    const list = [
      conversation(1, { date: '2026-11-21T10:00:00.000Z' }),
      conversation(2, { date: '2026-11-20T10:00:00.000Z' }),
    ];
    const answer = conversation(2, {
      text: 'Can I come at 5?',
      sender: 'First2 Last2',
      senderType: 'customer',
      date: '2026-11-22T10:00:00.000Z',
      unreadSentMessages: 1,
    });
    const next = updateConversationList(list, answer);
    expect(ids(next)).toEqual([ID(2), ID(1)]);
    expect(next[0]).toMatchObject({
      text: 'Can I come at 5?',
      sender: 'First2 Last2',
      senderType: 'customer',
      unreadSentMessages: 1,
    });
    // A customer not in the list joins it at its sorted place.
    expect(ids(updateConversationList(list, conversation(3, { date: '2026-11-20T12:00:00.000Z' })))).toEqual([
      ID(1),
      ID(3),
      ID(2),
    ]);
    // The server's line replaces a contact's provisional one.
    const provisional = [{ ...conversation(4, { text: null, date: null }), provisional: true }];
    expect(updateConversationList(provisional, conversation(4))[0]!.provisional).toBeUndefined();
  });

  it('a text just sent moves the latest text and sender of its customer, never back in time', () => {
    const list = [conversation(1, { date: '2026-11-21T10:00:00.000Z' }), conversation(2)];
    const sent = message(1, { customerId: ID(2), text: 'Ready!', creationDate: '2026-11-22T10:00:00.000Z' });
    const next = moveLatestMessage(list, sent);
    expect(ids(next)).toEqual([ID(2), ID(1)]);
    expect(next[0]).toMatchObject({ text: 'Ready!', sender: 'Ava Dupont', date: '2026-11-22T10:00:00.000Z' });
    const older = message(2, { customerId: ID(1), text: 'Old', creationDate: '2026-11-01T10:00:00.000Z' });
    expect(moveLatestMessage(list, older).find((c) => c.customerId === ID(1))!.text).toBe('Hello');
  });

  it("one customer's counts drawn on the list, then sorted", () => {
    const list = [
      conversation(1, { date: '2026-11-21T10:00:00.000Z' }),
      conversation(2, { unreadSentMessages: 2 }),
    ];
    expect(ids(list.slice().sort(compareConversations))).toEqual([ID(2), ID(1)]);
    const read = applyCustomerCounts(list, ID(2), undefined);
    expect(ids(read)).toEqual([ID(1), ID(2)]);
    expect(read[1]).toMatchObject({ unreadSentMessages: 0, errorMessages: 0 });
    const failed = applyCustomerCounts(list, ID(1), { unread: 0, errors: 1 });
    expect(failed[0]).toMatchObject({ customerId: ID(1), errorMessages: 1 });
  });

  it('filters case-insensitively on plate, year-make-model, order number, name and business', () => {
    const c = conversation(1, {
      firstName: 'Jane',
      lastName: 'Doe',
      business: 'Fleet Express',
      licensePlate: 'ABC 123',
      yearMakeModel: '2019 Honda Civic',
      orderNumber: '10231',
    });
    for (const term of [
      'abc',
      'ABC123',
      'abc 1',
      'honda civic',
      '2019',
      '1023',
      'jane',
      'JANE DOE',
      'doe jane',
      'fleet',
      'EXPRESS',
      '',
      '  ',
    ]) {
      expect(matchesChatFilter(c, term), term).toBe(true);
    }
    for (const term of ['xyz', 'toyota', '999', 'john']) expect(matchesChatFilter(c, term), term).toBe(false);
    // Missing fields match nothing.
    expect(matchesChatFilter(conversation(2, { firstName: null, lastName: null }), 'first')).toBe(false);
  });

  it('names, initials and the last-message line', () => {
    expect(conversationName(conversation(1, { firstName: 'Jane', lastName: 'Doe', business: 'X' }))).toBe(
      'Jane Doe',
    );
    expect(
      conversationName(conversation(1, { firstName: null, lastName: null, business: 'Fleet Express' })),
    ).toBe('Fleet Express');
    expect(conversationName(conversation(1, { firstName: null, lastName: null, business: null }))).toBe(
      '+15145550100',
    );
    expect(initialsOf({ firstName: 'jane', lastName: 'Doe', business: null })).toBe('JD');
    expect(initialsOf({ firstName: null, lastName: null, business: 'Fleet Express Inc' })).toBe('FE');
    expect(initialsOf({ firstName: null, lastName: null, business: null })).toBe('?');
    expect(
      lastMessageLine(
        conversation(1, { sender: 'Jane Doe', text: 'Great, can I come by at 5 to pick it up?' }),
      ),
    ).toEqual({
      sender: 'Jane Doe',
      text: 'Great, can I come by at 5...',
    });
    expect(lastMessageLine(conversation(1, { text: null }))).toBeNull();
  });

  it('contacts found by the search are provisional conversations, the listed ones as listed', () => {
    const customer = (id: number, over: Record<string, unknown> = {}) => ({
      _id: ID(id),
      firstName: 'Jane',
      lastName: `Doe${id}`,
      business: null,
      honorific: 'Mrs',
      email: null,
      mobilePhone: '5145550100',
      homePhone: null,
      workPhone: null,
      primaryPhone: null,
      normalizedMobilePhone: '+15145550100',
      permissionToText: true,
      householdId: 'h1',
      storeId: ID(999),
      fleetPicture: null,
      primaryPicture: null,
      _links: { self: { href: '' } },
      ...over,
    });
    const result = {
      total: 1,
      count: 1,
      customerCount: 2,
      vehicleCount: 1,
      _embedded: {
        household: [
          {
            _id: 'h1',
            customers: [customer(1), customer(2, { normalizedMobilePhone: null })],
            vehicles: [{ year: 2019, make: 'Honda', model: 'Civic', licensePlate: 'ABC123' }],
            _links: { self: { href: '' } },
          },
        ],
      },
    } as unknown as HouseholdSearchResult;
    const listed = conversation(1, { text: 'Listed' });
    const contacts = contactsOf(result, [listed]);
    expect(contacts).toHaveLength(2);
    expect(contacts[0]).toBe(listed);
    expect(contacts[1]).toMatchObject({
      customerId: ID(2),
      provisional: true,
      customerNumber: null,
      yearMakeModel: '2019 Honda Civic',
      licensePlate: 'ABC123',
      text: null,
    });
    expect(contactsOf(undefined, [])).toEqual([]);
  });
});

describe("a customer's messages", () => {
  it('a created message is appended; one with an id already there is ignored', () => {
    const list = [message(1), message(2)];
    expect(addMessage(list, message(3)).map((m) => m._id)).toEqual([ID(101), ID(102), ID(103)]);
    expect(addMessage(list, message(2, { text: 'again' }))).toEqual(list);
    // The send's answer and its event carry the same messageId.
    expect(addMessage(list, message(9, { messageId: 'client-message-1' }))).toEqual(list);
  });

  it('an updated message replaces the one with its id; one not loaded is left out', () => {
    const list = [message(1), message(2)];
    const delivered = message(2, { status: 'final', statusGroup: 'final', deliveryStatus: 'delivered' });
    expect(replaceMessage(list, delivered)[1]).toBe(delivered);
    expect(replaceMessage(list, message(3))).toEqual(list);
  });

  it('fetched messages sort by date (oldest first, once each) and group by day', () => {
    const late = message(1, { creationDate: '2026-11-21T09:00:00.000Z', creationDay: '2026-11-21' });
    const early = message(2, { creationDate: '2026-11-20T08:00:00.000Z', creationDay: '2026-11-20' });
    const noon = message(3, { creationDate: '2026-11-20T12:00:00.000Z', creationDay: '2026-11-20' });
    expect(sortMessages([late, noon, early, late]).map((m) => m._id)).toEqual([
      early._id,
      noon._id,
      late._id,
    ]);
    const groups = groupMessagesByDay([late, noon, early]);
    expect(groups.map((g) => g.day)).toEqual(['2026-11-20', '2026-11-21']);
    expect(groups[0]!.messages.map((m) => m._id)).toEqual([early._id, noon._id]);
    // A new message goes to the end of its own day's group.
    const later = message(4, { creationDate: '2026-11-21T10:00:00.000Z', creationDay: '2026-11-21' });
    const after = groupMessagesByDay(addMessage([late, noon, early], later));
    expect(after[1]!.messages.map((m) => m._id)).toEqual([late._id, later._id]);
    expect(groupMessagesByDay([])).toEqual([]);
  });

  it("a message's mark: received, scheduled, delivered, failed, undelivered or on its way", () => {
    expect(messageMark(message(1, { senderType: 'customer', deliveryStatus: 'received' }))).toBe('received');
    expect(
      messageMark(message(1, { deliveryStatus: 'scheduled', scheduledFor: '2026-11-21T13:00:00.000Z' })),
    ).toBe('scheduled');
    expect(messageMark(message(1, { deliveryStatus: 'sent' }))).toBe('pending');
    expect(
      messageMark(message(1, { status: 'final', statusGroup: 'final', deliveryStatus: 'delivered' })),
    ).toBe('final');
    expect(
      messageMark(message(1, { status: 'failed', statusGroup: 'failed', deliveryStatus: 'failed' })),
    ).toBe('failed');
    expect(
      messageMark(
        message(1, { status: 'undelivered', statusGroup: 'failed', deliveryStatus: 'undelivered' }),
      ),
    ).toBe('undelivered');
  });
});

describe('the counts', () => {
  const counts: UnreadTextMessages = {
    totalUnread: 3,
    totalErrors: 1,
    countByCustomerId: { [ID(1)]: { unread: 2, errors: 0 }, [ID(2)]: { unread: 1, errors: 1 } },
  };

  it("marking read deletes that customer's counts and lowers the totals", () => {
    expect(markRead(counts, ID(2))).toEqual({
      totalUnread: 2,
      totalErrors: 0,
      countByCustomerId: { [ID(1)]: { unread: 2, errors: 0 } },
    });
    expect(markRead(counts, ID(3))).toEqual(counts);
    expect(markRead(undefined, ID(1))).toEqual({ totalUnread: 0, totalErrors: 0, countByCustomerId: {} });
  });

  it('an error increment raises the customer and the totals', () => {
    expect(raiseErrors(counts, ID(1))).toEqual({
      totalUnread: 3,
      totalErrors: 2,
      countByCustomerId: { [ID(1)]: { unread: 2, errors: 1 }, [ID(2)]: { unread: 1, errors: 1 } },
    });
    expect(raiseErrors(undefined, ID(5)).countByCustomerId[ID(5)]).toEqual({ unread: 0, errors: 1 });
  });

  it("a count event sets the totals and its customer's counts (removed at zero)", () => {
    const rising = applyCountEvent(counts, {
      customerId: ID(3),
      totalUnread: 4,
      totalErrors: 1,
      countByCustomerId: { [ID(3)]: { unread: 1, errors: 0 } },
    });
    expect(rising.totalUnread).toBe(4);
    expect(rising.countByCustomerId[ID(3)]).toEqual({ unread: 1, errors: 0 });
    expect(rising.countByCustomerId[ID(1)]).toEqual({ unread: 2, errors: 0 });
    const read = applyCountEvent(counts, {
      customerId: ID(1),
      totalUnread: 1,
      totalErrors: 1,
      countByCustomerId: { [ID(1)]: { unread: 0, errors: 0 } },
    });
    expect(read.countByCustomerId[ID(1)]).toBeUndefined();
    expect(read.totalUnread).toBe(1);
  });

  it('a failure is new only when the chat held the text as not failed', () => {
    const failed = message(1, { status: 'failed', statusGroup: 'failed', deliveryStatus: 'failed' });
    expect(newlyFailed(message(1), failed)).toBe(true);
    expect(newlyFailed(failed, failed)).toBe(false);
    expect(newlyFailed(undefined, failed)).toBe(false);
  });

  it('a notification when the unread total rises, the tab is hidden and the permission granted', () => {
    const more = { ...counts, totalUnread: 4 };
    expect(unreadRose(counts, more)).toBe(true);
    expect(unreadRose(more, counts)).toBe(false);
    expect(unreadRose(undefined, more)).toBe(false);
    expect(shouldNotify(true, 'hidden', 'granted')).toBe(true);
    expect(shouldNotify(true, 'visible', 'granted')).toBe(false);
    expect(shouldNotify(true, 'hidden', 'default')).toBe(false);
    expect(shouldNotify(true, 'hidden', 'denied')).toBe(false);
    expect(shouldNotify(true, 'hidden', null)).toBe(false);
    expect(shouldNotify(false, 'hidden', 'granted')).toBe(false);
  });
});

describe('events', () => {
  it('reads message and count events, and ignores anything else', () => {
    const event = { message: message(1), conversation: conversation(1) };
    expect(readMessageEvent(event)).toEqual(event);
    expect(readMessageEvent({ message: { _id: 'x' } })).toBeNull();
    expect(readMessageEvent(null)).toBeNull();
    const count = {
      customerId: ID(1),
      totalUnread: 1,
      totalErrors: 0,
      countByCustomerId: { [ID(1)]: { unread: 1, errors: 0 } },
    };
    expect(readCountEvent(count)).toEqual(count);
    expect(readCountEvent({ totalUnread: 'x' })).toBeNull();
  });
});

describe('pages', () => {
  const paged = (lengths: number[]): PagedItems<Conversation> => {
    let n = 0;
    return {
      pages: lengths.map((length, page) => ({
        items: Array.from({ length }, () => conversation(++n)),
        total: lengths.reduce((a, b) => a + b, 0) + 5,
        page,
        size: 2,
        hasMore: true,
      })),
      pageParams: lengths.map((_, i) => i),
    };
  };

  it('a rule applies to the loaded pages as one list, dealt back in the same lengths', () => {
    const data = paged([2, 2]);
    const added = mapPagedItems(data, (items) =>
      updateConversationList(items, conversation(9, { unreadSentMessages: 1 })),
    );
    expect(added.pages.map((p) => p.items.length)).toEqual([2, 3]);
    expect(added.pages[0]!.items[0]!.customerId).toBe(ID(9));
    expect(added.pages.map((p) => p.total)).toEqual([10, 10]);
    expect(added.pageParams).toBe(data.pageParams);
  });

  it('items once each in page order; the next page while there is more', () => {
    const data = paged([2, 2]);
    data.pages[1]!.items[0] = conversation(1);
    expect(ids(pagedItems(data, (c) => c.customerId))).toEqual([ID(1), ID(2), ID(4)]);
    expect(pagedItems(undefined, (c: Conversation) => c.customerId)).toEqual([]);
    expect(nextPageParam(data.pages[1]!)).toBe(2);
    expect(nextPageParam({ ...data.pages[1]!, hasMore: false })).toBeUndefined();
  });

  it('the list loads more at 80 percent scrolled; the feed loads older at its top', () => {
    expect(scrolledFarEnough({ scrollTop: 0, clientHeight: 300, scrollHeight: 1000 })).toBe(false);
    expect(scrolledFarEnough({ scrollTop: 499, clientHeight: 300, scrollHeight: 1000 })).toBe(false);
    expect(scrolledFarEnough({ scrollTop: 500, clientHeight: 300, scrollHeight: 1000 })).toBe(true);
    // A list shorter than its box is all seen.
    expect(scrolledFarEnough({ scrollTop: 0, clientHeight: 300, scrollHeight: 200 })).toBe(true);
    expect(scrolledFarEnough({ scrollTop: 0, clientHeight: 0, scrollHeight: 0 })).toBe(false);
    expect(atTop({ scrollTop: 0 })).toBe(true);
    expect(atTop({ scrollTop: 200 })).toBe(false);
  });
});

describe('sending', () => {
  const reachable = { customerNumber: '+15145550100' };

  it('refuses an empty text, one over 1600 characters (saying the limit) and a customer without a mobile', () => {
    expect(textRefusal('Ready!', reachable)).toBeNull();
    expect(textRefusal('   ', reachable)).toEqual({ key: 'textEmpty' });
    expect(textRefusal('a'.repeat(1600), reachable)).toBeNull();
    expect(textRefusal('a'.repeat(1601), reachable)).toEqual({ key: 'textTooLong', values: { limit: 1600 } });
    expect(textRefusal('Ready!', { customerNumber: null })).toEqual({
      key: 'contact_does_not_have_valid_cell_phone',
    });
  });

  it("says the server's refusals in the chat's words", () => {
    expect(sendErrorKey({ code: 'TEXTING_OPTED_OUT' })).toBe('TEXTING_OPTED_OUT');
    expect(sendErrorKey({ code: 'contact_does_not_have_valid_cell_phone' })).toBe(
      'contact_does_not_have_valid_cell_phone',
    );
    expect(sendErrorKey({ code: 'SMS_NOT_PERMITTED' })).toBe('SMS_NOT_PERMITTED');
    expect(
      sendErrorKey({ code: 'INVALID_ARGUMENTS', message: 'text: must be at most 1600 characters' }),
    ).toBe('textTooLong');
    expect(sendErrorKey({ code: 'INVALID_ARGUMENTS', message: 'text: must not be empty' })).toBe('textEmpty');
    expect(sendErrorKey({ code: 'INVALID_ARGUMENTS', message: 'other' })).toBeNull();
    expect(sendErrorKey(null)).toBeNull();
  });
});

describe('the consent history and moving a text', () => {
  it('tells what changed the permission: the keyword and its number, or the staff user', () => {
    expect(consentChange({ source: 'keyword', keyword: ' Arrêt ', phone: '+15145550100', userName: null })).toEqual({
      key: 'byKeyword',
      keyword: 'Arrêt',
      phone: '+15145550100',
    });
    expect(consentChange({ source: 'keyword', keyword: 'STOP', phone: null, userName: null })).toEqual({
      key: 'byKeywordNoPhone',
      keyword: 'STOP',
    });
    expect(consentChange({ source: 'staff', keyword: null, phone: null, userName: 'Ava Dupont' })).toEqual({
      key: 'byStaff',
      name: 'Ava Dupont',
    });
    expect(consentChange({ source: 'staff', keyword: null, phone: null, userName: null })).toEqual({ key: 'byStaffUnknown' });
  });

  it('a moved text leaves the feed it was on, and only that one', () => {
    const list = [message(1), message(2)];
    expect(removeMessage(list, message(1)._id)).toEqual([message(2)]);
    expect(removeMessage(list, 'another')).toEqual(list);
  });
});
