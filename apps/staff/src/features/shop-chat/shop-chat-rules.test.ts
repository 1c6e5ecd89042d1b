import { describe, expect, it } from 'vitest';
import type { InternalChatChannel, InternalChatHistory, InternalChatMessage, InternalChatMessageEvent } from '@servicebay/domain';
import { addToHistory, applyMessageToChannels, applyReadToChannels, historyMessages, olderPageParam, unreadOf, type HistoryPages } from './shop-chat-rules.js';

const ORDER = '11111111-1111-4111-8111-111111111111';
const ME = '22222222-2222-4222-8222-222222222222';
const TECH = '33333333-3333-4333-8333-333333333333';

const message = (index: number, senderId = TECH): InternalChatMessage => ({
  id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  index,
  senderId,
  senderName: senderId === ME ? 'Ann Advisor' : 'Tom Tech',
  senderType: 'worker',
  text: `message ${index}`,
  read: false,
  creationDate: new Date(Date.UTC(2026, 11, 2, 10, index)).toISOString(),
  channelId: '44444444-4444-4444-8444-444444444444',
  repairOrderId: ORDER,
  channelName: 'RO 1001',
  clientMessageId: null,
});

const channel = (over: Partial<InternalChatChannel> = {}): InternalChatChannel => ({
  id: '44444444-4444-4444-8444-444444444444',
  repairOrderId: ORDER,
  isClosed: false,
  text: null,
  date: null,
  sender: null,
  unreadCount: 0,
  lastMessageIndex: 0,
  lastReadIndex: 0,
  primaryPicture: null,
  orderNumber: '1001',
  licensePlate: null,
  yearMakeModel: null,
  customerName: null,
  business: null,
  ...over,
});

const page = (indexes: number[], hasMore: boolean): InternalChatHistory => ({
  channel: channel({ lastMessageIndex: 45 }),
  messages: indexes.map((i) => message(i)),
  hasMoreMessages: hasMore,
  nextMessageIndex: hasMore ? indexes[0]! : null,
  paging: { size: 20, before: null },
});

const event = (index: number, senderId = TECH): InternalChatMessageEvent => ({
  message: message(index, senderId),
  channel: channel({ lastMessageIndex: index, text: `message ${index}` }),
});

describe('shop chat history', () => {
  it('shows every page held oldest first, once each, and pages back while older messages remain', () => {
    const data: HistoryPages = { pages: [page([26, 27, 28], true), page([6, 7, 26], true)], pageParams: [null, 26] };
    expect(historyMessages(data).map((m) => m.index)).toEqual([6, 7, 26, 27, 28]);
    expect(olderPageParam(page([26], true))).toBe(26);
    expect(olderPageParam(page([1], false))).toBeUndefined();
  });

  it('adds a live message to the newest page once', () => {
    const data: HistoryPages = { pages: [page([1, 2], false)], pageParams: [null] };
    const once = addToHistory(data, message(3), { lastMessageIndex: 3 });
    expect(historyMessages(once).map((m) => m.index)).toEqual([1, 2, 3]);
    expect(addToHistory(once, message(3), {})).toBe(once);
  });
});

describe('unread counts per order', () => {
  it("rises with another worker's message, not with one's own or while reading the chat", () => {
    let list = applyMessageToChannels({ items: [] }, event(1), ME, false);
    expect(unreadOf(list, ORDER)).toBe(1);
    list = applyMessageToChannels(list, event(2), ME, false);
    expect(unreadOf(list, ORDER)).toBe(2);
    // A repeated event changes nothing.
    expect(applyMessageToChannels(list, event(2), ME, false)).toBe(list);
    list = applyMessageToChannels(list, event(3, ME), ME, false);
    expect(unreadOf(list, ORDER)).toBe(0);
    list = applyMessageToChannels(list, event(4), ME, true);
    expect(unreadOf(list, ORDER)).toBe(0);
  });

  it('falls when read, never backwards', () => {
    const list = { items: [channel({ lastMessageIndex: 5, lastReadIndex: 1, unreadCount: 4 })] };
    expect(unreadOf(applyReadToChannels(list, ORDER, 3), ORDER)).toBe(2);
    expect(unreadOf(applyReadToChannels(list, ORDER, 0), ORDER)).toBe(4);
  });
});
