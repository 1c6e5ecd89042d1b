import {
  TEXT_MESSAGE_MAX_LENGTH,
  ZTextCountEvent,
  ZTextMessageEvent,
  type ConsentEvent,
  type Conversation,
  type HouseholdSearchResult,
  type TextCountEvent,
  type TextMessage,
  type TextMessageEvent,
  type UnreadTextMessages,
} from '@servicebay/domain';
import { truncateText } from '@servicebay/web-core';

/**
 * The rules of customer texting's lists, as pure functions over plain data (docs/texting.md
 * "Screens"): the conversation list, a customer's messages, the store's unread and error counts,
 * the chat's filter, what a message's status shows, what may be sent. `texting-api.ts` reads the
 * query cache and writes back what these return; the screens only draw.
 */

/**
 * A conversation as the chat holds it. A customer found by the contact search has no
 * conversation on the server yet: it is `provisional` (its order and shop status unknown) until
 * the server's own line replaces it (the first text's event).
 */
export type ChatConversation = Conversation & { provisional?: boolean };

// ---------------------------------------------------------------------------------------------
// The conversation list

const time = (iso: string | null) => (iso ? Date.parse(iso) : 0);

/** The list's order: failures first, then unread, then the latest text; all descending. */
export function compareConversations(a: Conversation, b: Conversation): number {
  return (
    b.errorMessages - a.errorMessages ||
    b.unreadSentMessages - a.unreadSentMessages ||
    time(b.date) - time(a.date) ||
    a.customerId.localeCompare(b.customerId)
  );
}

export function sortConversations<T extends Conversation>(list: readonly T[]): T[] {
  return [...list].sort(compareConversations);
}

/** Selecting a conversation adds it to the list (on top) when it is not there yet. */
export function selectConversation<T extends Conversation>(list: readonly T[], conversation: T): T[] {
  return list.some((c) => c.customerId === conversation.customerId) ? [...list] : [conversation, ...list];
}

/**
 * The selection once the list changed: none when the list was cleared, else the list's own copy
 * of the selected customer (newer than the one selected), else the selection as it was.
 */
export function selectionAfter<T extends Conversation>(list: readonly T[], selected: T | null): T | null {
  if (!selected || list.length === 0) return null;
  return list.find((c) => c.customerId === selected.customerId) ?? selected;
}

/**
 * A list update (the server's line of a conversation, from a message event): the customer's line
 * takes the latest text and sender and the counts, or joins the list; then the list is sorted.
 */
export function updateConversationList<T extends Conversation>(
  list: readonly T[],
  conversation: Conversation,
): T[] {
  let found = false;
  const next = list.map((c) => {
    if (c.customerId !== conversation.customerId) return c;
    found = true;
    // The server's line is whole: it replaces the provisional one of a contact too.
    return { ...conversation } as T;
  });
  if (!found) next.push({ ...conversation } as T);
  return sortConversations(next);
}

/**
 * A text the chat just sent (before its event comes): the customer's line moves its latest text,
 * sender and date to it, then the list is sorted. A customer not in the list is left out (the
 * event brings the whole line).
 */
export function moveLatestMessage<T extends Conversation>(list: readonly T[], message: TextMessage): T[] {
  const next = list.map((c) =>
    c.customerId === message.customerId && time(message.creationDate) >= time(c.date)
      ? {
          ...c,
          text: message.text,
          sender: message.senderName,
          senderType: message.senderType,
          date: message.creationDate,
        }
      : c,
  );
  return sortConversations(next);
}

/** One customer's counts drawn on the list (zeros when it has none), then the list sorted. */
export function applyCustomerCounts<T extends Conversation>(
  list: readonly T[],
  customerId: string,
  counts: { unread: number; errors: number } | undefined,
): T[] {
  const next = list.map((c) =>
    c.customerId === customerId
      ? { ...c, unreadSentMessages: counts?.unread ?? 0, errorMessages: counts?.errors ?? 0 }
      : c,
  );
  return sortConversations(next);
}

/** The chat's filter: a case-insensitive match on plate, year-make-model, order number, name or business. */
export function matchesChatFilter(conversation: Conversation, term: string): boolean {
  const wanted = term.trim().toLocaleLowerCase();
  if (!wanted) return true;
  const compact = (s: string) => s.replace(/[\s-]+/g, '');
  const fields = [
    conversation.licensePlate,
    conversation.yearMakeModel,
    conversation.orderNumber,
    conversationName(conversation),
    [conversation.lastName, conversation.firstName].filter(Boolean).join(' '),
    conversation.business,
  ];
  return fields.some((field) => {
    if (!field) return false;
    const value = field.toLocaleLowerCase();
    return value.includes(wanted) || compact(value).includes(compact(wanted));
  });
}

/** "Jane Doe", else the business, else the number. */
export function conversationName(
  c: Pick<Conversation, 'firstName' | 'lastName' | 'business' | 'customerNumber'>,
): string {
  const person = [c.firstName, c.lastName].filter((p) => p && p.trim()).join(' ');
  return person || c.business?.trim() || c.customerNumber || '';
}

/** The initials the avatar draws without a picture. */
export function initialsOf(c: Pick<Conversation, 'firstName' | 'lastName' | 'business'>): string {
  const words = [c.firstName, c.lastName].filter((p) => p && p.trim()) as string[];
  const source = words.length ? words : (c.business ?? '').split(/\s+/).filter(Boolean).slice(0, 2);
  return source.map((w) => Array.from(w.trim())[0]!.toLocaleUpperCase()).join('') || '?';
}

/** The list's last-message line, 'sender: text', the text cut at 25 characters; null before the first text. */
export function lastMessageLine(
  c: Pick<Conversation, 'sender' | 'text'>,
): { sender: string; text: string } | null {
  if (c.text === null) return null;
  return { sender: c.sender ?? '', text: truncateText(c.text) };
}

/**
 * The customers a contact search found, as provisional conversations (one per customer, the
 * household's first vehicle for its year-make-model and plate). Customers already in `known`
 * are given as the list holds them.
 */
export function contactsOf(
  result: HouseholdSearchResult | undefined,
  known: readonly ChatConversation[],
): ChatConversation[] {
  if (!result) return [];
  const seen = new Set<string>();
  const contacts: ChatConversation[] = [];
  for (const household of result._embedded.household) {
    const vehicle = household.vehicles[0];
    for (const customer of household.customers) {
      if (seen.has(customer._id)) continue;
      seen.add(customer._id);
      const listed = known.find((c) => c.customerId === customer._id);
      if (listed) {
        contacts.push(listed);
        continue;
      }
      contacts.push({
        customerId: customer._id,
        firstName: customer.firstName,
        lastName: customer.lastName,
        business: customer.business,
        customerNumber: customer.normalizedMobilePhone ?? null,
        permissionToText: customer.permissionToText,
        text: null,
        sender: null,
        senderType: null,
        date: null,
        unreadSentMessages: 0,
        errorMessages: 0,
        inspectionOrderId: null,
        orderNumber: null,
        inspectionOrderClosed: true,
        vehicleInShop: false,
        yearMakeModel: vehicle
          ? [vehicle.year, vehicle.make, vehicle.model]
              .filter((p) => p !== null && String(p).trim())
              .join(' ') || null
          : null,
        licensePlate: vehicle?.licensePlate ?? null,
        primaryPicture: customer.fleetPicture?.url ?? customer.primaryPicture?.url ?? null,
        provisional: true,
      });
    }
  }
  return contacts;
}

// ---------------------------------------------------------------------------------------------
// A customer's messages

/**
 * A created message joins the list; one whose id (the server's, or the sender's messageId) is
 * already there is ignored: the send's answer and its event, or an event delivered twice, show once.
 */
export function addMessage(messages: readonly TextMessage[], message: TextMessage): TextMessage[] {
  if (messages.some((m) => m._id === message._id || m.messageId === message.messageId)) return [...messages];
  return [...messages, message];
}

/** An updated message replaces the one with its id; one not loaded is left out. */
export function replaceMessage(messages: readonly TextMessage[], message: TextMessage): TextMessage[] {
  return messages.map((m) => (m._id === message._id ? message : m));
}

/** A message moved to another customer leaves this one's feed. */
export function removeMessage(messages: readonly TextMessage[], id: string): TextMessage[] {
  return messages.filter((m) => m._id !== id);
}

/** Oldest first (the feed reads down), one copy of each. */
export function sortMessages(messages: readonly TextMessage[]): TextMessage[] {
  const byId = new Map<string, TextMessage>();
  for (const m of messages) byId.set(m._id, m);
  return [...byId.values()].sort(
    (a, b) => time(a.creationDate) - time(b.creationDate) || a._id.localeCompare(b._id),
  );
}

export interface DayGroup {
  /** The store's day, YYYY-MM-DD. */
  day: string;
  messages: TextMessage[];
}

/** Messages sorted by date, grouped by the store's day for the day separators. */
export function groupMessagesByDay(messages: readonly TextMessage[]): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const message of sortMessages(messages)) {
    const last = groups[groups.length - 1];
    if (last && last.day === message.creationDay) last.messages.push(message);
    else groups.push({ day: message.creationDay, messages: [message] });
  }
  return groups;
}

/** What a message's status icon shows. */
export type MessageMark = 'received' | 'scheduled' | 'final' | 'failed' | 'undelivered' | 'pending';

/**
 * The customer's texts are received; the store's by status group: delivered (final), failed
 * (failed, or undelivered told apart), on its way (pending), or scheduled while it waits for the
 * end of quiet hours.
 */
export function messageMark(message: TextMessage): MessageMark {
  if (message.senderType === 'customer') return 'received';
  if (message.deliveryStatus === 'scheduled') return 'scheduled';
  if (message.status === 'undelivered') return 'undelivered';
  return message.statusGroup;
}

// ---------------------------------------------------------------------------------------------
// Counts

export const NO_COUNTS: UnreadTextMessages = { totalUnread: 0, totalErrors: 0, countByCustomerId: {} };

/** A count event: the store's totals, and the one customer it names (gone when it has nothing left). */
export function applyCountEvent(
  counts: UnreadTextMessages | undefined,
  event: TextCountEvent,
): UnreadTextMessages {
  const byCustomer = { ...(counts ?? NO_COUNTS).countByCustomerId };
  const mine = event.countByCustomerId[event.customerId];
  if (mine && (mine.unread > 0 || mine.errors > 0)) byCustomer[event.customerId] = mine;
  else delete byCustomer[event.customerId];
  return { totalUnread: event.totalUnread, totalErrors: event.totalErrors, countByCustomerId: byCustomer };
}

/** Marking a customer's texts read deletes its counts (and takes them off the totals). */
export function markRead(counts: UnreadTextMessages | undefined, customerId: string): UnreadTextMessages {
  const current = counts ?? NO_COUNTS;
  const mine = current.countByCustomerId[customerId];
  if (!mine) return current;
  const byCustomer = { ...current.countByCustomerId };
  delete byCustomer[customerId];
  return {
    totalUnread: Math.max(0, current.totalUnread - mine.unread),
    totalErrors: Math.max(0, current.totalErrors - mine.errors),
    countByCustomerId: byCustomer,
  };
}

/** A text of the store's failed: the customer's error count and the total rise. */
export function raiseErrors(
  counts: UnreadTextMessages | undefined,
  customerId: string,
  by = 1,
): UnreadTextMessages {
  const current = counts ?? NO_COUNTS;
  const mine = current.countByCustomerId[customerId] ?? { unread: 0, errors: 0 };
  return {
    totalUnread: current.totalUnread,
    totalErrors: current.totalErrors + by,
    countByCustomerId: {
      ...current.countByCustomerId,
      [customerId]: { unread: mine.unread, errors: mine.errors + by },
    },
  };
}

/** Whether a message event turns a store's text, as the chat held it, into a failure. */
export function newlyFailed(before: TextMessage | undefined, after: TextMessage): boolean {
  return Boolean(before) && before!.statusGroup !== 'failed' && after.statusGroup === 'failed';
}

/** The unread total rose (not on the first reading): the moment for a notification. */
export function unreadRose(before: UnreadTextMessages | undefined, after: UnreadTextMessages): boolean {
  return before !== undefined && after.totalUnread > before.totalUnread;
}

/** A browser notification is shown only when asked for nowhere else: the tab is hidden and the permission granted. */
export function shouldNotify(rose: boolean, visibility: string, permission: string | null): boolean {
  return rose && visibility === 'hidden' && permission === 'granted';
}

// ---------------------------------------------------------------------------------------------
// Events

/** A message event's payload, or null when it is not one (ignored). */
export function readMessageEvent(payload: unknown): TextMessageEvent | null {
  const parsed = ZTextMessageEvent.safeParse(payload);
  return parsed.success ? parsed.data : null;
}

/** A count event's payload, or null when it is not one (ignored). */
export function readCountEvent(payload: unknown): TextCountEvent | null {
  const parsed = ZTextCountEvent.safeParse(payload);
  return parsed.success ? parsed.data : null;
}

// ---------------------------------------------------------------------------------------------
// Pages

/** One page as the routes answer (`{ items, total, page, size, hasMore }`). */
export interface ItemPage<T> {
  items: T[];
  total: number;
  page: number;
  size: number;
  hasMore: boolean;
}

/** The infinite list's cache entry: its pages in the order loaded. */
export interface PagedItems<T> {
  pages: ItemPage<T>[];
  pageParams: unknown[];
}

/**
 * Applies a rule to the items of every loaded page taken as one list, then deals them back into
 * pages of the same lengths (the last page takes what is over); the totals follow the count.
 */
export function mapPagedItems<T>(data: PagedItems<T>, rule: (items: T[]) => T[]): PagedItems<T> {
  const before = data.pages.flatMap((p) => p.items);
  const after = rule(before);
  const delta = after.length - before.length;
  let offset = 0;
  const pages = data.pages.map((page, index) => {
    const last = index === data.pages.length - 1;
    const items = last ? after.slice(offset) : after.slice(offset, offset + page.items.length);
    offset += items.length;
    return { ...page, items, total: Math.max(0, page.total + delta) };
  });
  return { ...data, pages };
}

/** Every loaded item once (a later page may repeat one the live updates moved up), in page order. */
export function pagedItems<T>(data: PagedItems<T> | undefined, key: (item: T) => string): T[] {
  if (!data) return [];
  const seen = new Set<string>();
  const items: T[] = [];
  for (const page of data.pages) {
    for (const item of page.items) {
      const k = key(item);
      if (seen.has(k)) continue;
      seen.add(k);
      items.push(item);
    }
  }
  return items;
}

/** The next page to ask for, or undefined when the last one said there is no more. */
export function nextPageParam<T>(last: ItemPage<T>): number | undefined {
  return last.hasMore ? last.page + 1 : undefined;
}

/**
 * The conversation list's infinite scroll: the next page loads once 80 percent of the list is
 * scrolled through (scrolled distance plus the visible height, over the whole height).
 */
export const LOAD_MORE_AT = 0.8;

export function scrolledFarEnough(box: {
  scrollTop: number;
  clientHeight: number;
  scrollHeight: number;
}): boolean {
  if (box.scrollHeight <= 0) return false;
  return (box.scrollTop + box.clientHeight) / box.scrollHeight >= LOAD_MORE_AT;
}

/** The feed loads older messages when scrolled to its top (within a few pixels). */
export const OLDER_AT_PX = 24;

export function atTop(box: { scrollTop: number }): boolean {
  return box.scrollTop <= OLDER_AT_PX;
}

// ---------------------------------------------------------------------------------------------
// Sending

/** Why a text may not be sent, as a `texting:errors.*` key and its values; null: it may go. */
export function textRefusal(
  text: string,
  conversation: Pick<Conversation, 'customerNumber'>,
): {
  key: 'textEmpty' | 'textTooLong' | 'contact_does_not_have_valid_cell_phone';
  values?: { limit: number };
} | null {
  if (!conversation.customerNumber) return { key: 'contact_does_not_have_valid_cell_phone' };
  if (text.trim().length === 0) return { key: 'textEmpty' };
  if (text.length > TEXT_MESSAGE_MAX_LENGTH)
    return { key: 'textTooLong', values: { limit: TEXT_MESSAGE_MAX_LENGTH } };
  return null;
}

/** The server's refusals the chat says in its own words (`texting:errors.*`). */
const KNOWN_CODES = [
  'contact_does_not_have_valid_cell_phone',
  'TEXTING_OPTED_OUT',
  'TEXTING_NOT_CONFIGURED',
  'SMS_NOT_PERMITTED',
] as const;

export type SendErrorKey = (typeof KNOWN_CODES)[number] | 'textTooLong' | 'textEmpty';

/** The `texting:errors.*` key of a refused send, or null for another error (said generally). */
export function sendErrorKey(
  error: { code?: string; message?: string } | null | undefined,
): SendErrorKey | null {
  if (!error?.code) return null;
  const known = KNOWN_CODES.find((code) => code === error.code);
  if (known) return known;
  if (error.code === 'INVALID_ARGUMENTS' && /^text: must be at most/.test(error.message ?? ''))
    return 'textTooLong';
  if (error.code === 'INVALID_ARGUMENTS' && /^text: must not be empty/.test(error.message ?? ''))
    return 'textEmpty';
  return null;
}

/** What changed the permission to text: the keyword the customer texted (and from where), or a staff user. */
export type ConsentChange =
  | { key: 'byKeyword'; keyword: string; phone: string }
  | { key: 'byKeywordNoPhone'; keyword: string }
  | { key: 'byStaff'; name: string }
  | { key: 'byStaffUnknown' };

/** How one change of the permission to text is told, in the chat's words (`texting:consent.*`). */
export function consentChange(event: Pick<ConsentEvent, 'source' | 'keyword' | 'phone' | 'userName'>): ConsentChange {
  if (event.source === 'keyword') {
    const keyword = (event.keyword ?? '').trim();
    return event.phone ? { key: 'byKeyword', keyword, phone: event.phone } : { key: 'byKeywordNoPhone', keyword };
  }
  return event.userName ? { key: 'byStaff', name: event.userName } : { key: 'byStaffUnknown' };
}
