import type { InfiniteData } from '@tanstack/react-query';
import {
  ZInternalChatMessageEvent,
  ZInternalChatReadEvent,
  type InternalChatChannel,
  type InternalChatChannelList,
  type InternalChatHistory,
  type InternalChatMessage,
  type InternalChatMessageEvent,
  type InternalChatReadEvent,
} from '@servicebay/domain';

/**
 * The shop chat's rules on the client (docs/internal-chat.md), pure so they are tested alone:
 * history pages kept newest page first (page back with `before`), a live message added once
 * (a message already held is ignored), the caller's unread counts per order.
 */

export type HistoryPages = InfiniteData<InternalChatHistory, number | null>;

export function readMessageEvent(payload: unknown): InternalChatMessageEvent | null {
  const parsed = ZInternalChatMessageEvent.safeParse(payload);
  return parsed.success ? parsed.data : null;
}

export function readReadEvent(payload: unknown): InternalChatReadEvent | null {
  const parsed = ZInternalChatReadEvent.safeParse(payload);
  return parsed.success ? parsed.data : null;
}

/** The messages of every page held, oldest first, each once. */
export function historyMessages(data: HistoryPages | undefined): InternalChatMessage[] {
  if (!data) return [];
  const seen = new Set<string>();
  const all: InternalChatMessage[] = [];
  for (const page of [...data.pages].reverse()) {
    for (const message of page.messages) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      all.push(message);
    }
  }
  return all.sort((a, b) => a.index - b.index);
}

/** The `before` of the next older page, or undefined when the oldest page is held. */
export function olderPageParam(last: InternalChatHistory): number | undefined {
  return last.hasMoreMessages && last.nextMessageIndex !== null ? last.nextMessageIndex : undefined;
}

/** Adds a message to the newest page held (a message already held is left as it is). */
export function addToHistory(data: HistoryPages | undefined, message: InternalChatMessage, channel: Partial<InternalChatChannel>): HistoryPages | undefined {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((p) => p.messages.some((m) => m.id === message.id))) return data;
  const [newest, ...rest] = data.pages;
  const page: InternalChatHistory = {
    ...newest!,
    channel: { ...newest!.channel, ...channel },
    messages: [...newest!.messages, message].sort((a, b) => a.index - b.index),
  };
  return { ...data, pages: [page, ...rest] };
}

/**
 * The caller's channels after a live message: the order's channel takes the latest text, and its
 * unread count rises unless the caller wrote it or reads the chat right now.
 */
export function applyMessageToChannels(
  list: InternalChatChannelList | undefined,
  event: InternalChatMessageEvent,
  me: string,
  reading: boolean,
): InternalChatChannelList {
  const items = list?.items ?? [];
  const held = items.find((c) => c.repairOrderId === event.channel.repairOrderId);
  const mine = event.message.senderId === me || reading;
  const base = held ?? { ...event.channel, lastReadIndex: 0, unreadCount: 0 };
  if (held && held.lastMessageIndex >= event.message.index) return list ?? { items };
  const lastReadIndex = mine ? event.message.index : base.lastReadIndex;
  const updated: InternalChatChannel = {
    ...base,
    text: event.channel.text,
    date: event.channel.date,
    sender: event.channel.sender,
    lastMessageIndex: event.message.index,
    lastReadIndex,
    unreadCount: Math.max(0, event.message.index - lastReadIndex),
  };
  return { items: [updated, ...items.filter((c) => c.repairOrderId !== updated.repairOrderId)] };
}

/** The caller read an order's chat (here or in another tab): its unread count follows. */
export function applyReadToChannels(list: InternalChatChannelList | undefined, repairOrderId: string, lastReadIndex: number): InternalChatChannelList | undefined {
  if (!list) return list;
  return {
    items: list.items.map((c) =>
      c.repairOrderId === repairOrderId && lastReadIndex > c.lastReadIndex
        ? { ...c, lastReadIndex, unreadCount: Math.max(0, c.lastMessageIndex - lastReadIndex) }
        : c,
    ),
  };
}

export function unreadOf(list: InternalChatChannelList | undefined, repairOrderId: string): number {
  return list?.items.find((c) => c.repairOrderId === repairOrderId)?.unreadCount ?? 0;
}

/** Messages grouped by the calendar day they were written on, in the reader's time zone. */
export function dayOf(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** A new client message id: a send repeated (a retry, a double Enter) is stored once. */
export function newClientMessageId(): string {
  const random = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  return `chat-${random}`;
}
