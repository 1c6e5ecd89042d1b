import {
  AppError,
  chatNotificationTitle,
  errors,
  LIMITS,
  mayUseInternalChat,
  topics,
  ZStoreSettings,
  type InternalChatChannel,
  type InternalChatChannelList,
  type InternalChatHistory,
  type InternalChatLogin,
  type InternalChatMessage,
  type InternalChatMessageCreated,
  type InternalChatMessageEvent,
  type InternalChatReadEvent,
  type Role,
} from '@servicebay/domain';
import type { Principal } from '../../platform/auth/principal.js';
import type { Db } from '../../platform/db/client.js';
import type { FileLinker } from '../../platform/files/files.js';
import type { Outbox } from '../../platform/outbox/outbox.js';
import { recordEvent } from '../../platform/outbox/outbox.repository.js';
import type { ChatTokenSigner } from './chat-token.js';
import { presentChannel, presentMessage, senderNameOf } from './internal-chat.presenter.js';
import { createInternalChatRepository, type ChatOrderRow } from './internal-chat.repository.js';

export interface InternalChatDeps {
  db: Db;
  outbox: Outbox;
  link: FileLinker;
  tokens: ChatTokenSigner;
  /** May the caller act for this store (its own staff, its account's, its partner's, root)? */
  mayActForStore: (principal: Principal, storeId: string) => Promise<boolean>;
  now?: () => Date;
}

const CHANNEL_LIST_LIMIT = 200;
/** The two settings the chat reads, parsed alone (the store's other settings are not the chat's). */
const CHAT_SETTINGS = ZStoreSettings.pick({ internalChatEnabled: true, internalChatWorkspaceId: true }).partial();

/** The store's chat workspace: its internalChatWorkspaceId, or one named after the store when none is set. */
export function workspaceOf(storeId: string, workspaceId: string | null): string {
  return workspaceId ?? `store:${storeId}`;
}

/**
 * The chat's gate: the store has the chat on (403 INTERNAL_CHAT_DISABLED), the caller's role has
 * it (403 for the Store account), and the chat token is the caller's for the store's workspace
 * (401 CHAT_TOKEN_EXPIRED or CHAT_TOKEN_INVALID).
 */
function chatGate(repo: ReturnType<typeof createInternalChatRepository>, deps: InternalChatDeps, now: () => Date) {
  /** The store's chat settings; 403 INTERNAL_CHAT_DISABLED when its internalChatEnabled is off. */
  async function chatOf(storeId: string): Promise<{ workspaceId: string }> {
    const row = await repo.storeChat(storeId);
    if (!row) throw errors.notFound();
    const settings = CHAT_SETTINGS.safeParse(row.settings ?? {});
    const enabled = settings.success && settings.data.internalChatEnabled === true;
    if (!enabled) throw new AppError(403, 'INTERNAL_CHAT_DISABLED', 'The shop chat is not enabled for this store');
    return { workspaceId: workspaceOf(storeId, settings.data.internalChatWorkspaceId ?? null) };
  }

  /** The chat is on for the store and the token is the caller's for the store's workspace. */
  async function admit(principal: Principal, storeId: string, token: string | undefined): Promise<void> {
    if (!mayUseInternalChat(principal.type)) throw errors.forbidden('The Store account has no shop chat');
    const { workspaceId } = await chatOf(storeId);
    const check = await deps.tokens.verify(token, principal.id, workspaceId, now());
    if (check.ok) return;
    if (check.reason === 'expired') throw new AppError(401, 'CHAT_TOKEN_EXPIRED', 'The chat token has expired: get a new one');
    throw new AppError(401, 'CHAT_TOKEN_INVALID', 'The chat token is not valid for this user and store');
  }

  async function orderOf(db: ReturnType<typeof createInternalChatRepository>, storeId: string, orderId: string): Promise<ChatOrderRow> {
    const order = await db.order(storeId, orderId);
    if (!order) throw errors.notFound('Repair order not found');
    return order;
  }

  return { chatOf, admit, orderOf };
}

export function createInternalChatService(deps: InternalChatDeps) {
  const repo = createInternalChatRepository(deps.db);
  const now = deps.now ?? (() => new Date());

  const { chatOf, admit, orderOf } = chatGate(repo, deps, now);

  return {
    async login(principal: Principal, storeId: string): Promise<InternalChatLogin> {
      if (!mayUseInternalChat(principal.type)) throw errors.forbidden('The Store account has no shop chat');
      const { workspaceId } = await chatOf(storeId);
      const { token, expiresAt } = await deps.tokens.sign(principal.id, workspaceId, now());
      return { token, expiresAt: expiresAt.toISOString(), identity: principal.id, workspaceId };
    },

    /** Adds a worker of the order's store to the order's channel; answers the channel as that worker sees it. */
    async addWorker(principal: Principal, token: string | undefined, workerId: string, repairOrderId: string): Promise<InternalChatChannel> {
      const storeId = await repo.orderStore(repairOrderId);
      if (!storeId || !(await deps.mayActForStore(principal, storeId))) throw errors.notFound('Repair order not found');
      await admit(principal, storeId, token);
      const worker = await repo.worker(workerId);
      const workerRole = worker?.type as Role | undefined;
      const inStore = worker && worker.active && (worker.storeId === storeId || (workerId === principal.id && worker.storeId === null));
      if (!worker || !inStore || !workerRole || !mayUseInternalChat(workerRole)) throw errors.notFound('Worker not found');
      const order = await orderOf(repo, storeId, repairOrderId);
      const channel = await repo.ensureChannel(storeId, repairOrderId);
      await repo.addMember(channel.id, workerId);
      const lastRead = (await repo.member(channel.id, workerId)) ?? 0;
      return presentChannel(channel, order, lastRead, deps.link);
    },

    async channels(principal: Principal, token: string | undefined, storeId: string): Promise<InternalChatChannelList> {
      await admit(principal, storeId, token);
      const rows = await repo.channelsWithMessages(storeId, principal.id, CHANNEL_LIST_LIMIT);
      const orders = new Map((await repo.ordersOf(storeId, rows.map((r) => r.inspectionOrderId))).map((o) => [o.inspectionOrderId, o]));
      const items: InternalChatChannel[] = [];
      for (const row of rows) {
        const order = orders.get(row.inspectionOrderId);
        if (order) items.push(presentChannel(row, order, row.lastReadIndex ?? 0, deps.link));
      }
      return { items };
    },

    /** A page of 20, oldest first. Reads only (the channel is made on its first use, once). */
    async history(principal: Principal, token: string | undefined, storeId: string, orderId: string, before: number | null): Promise<InternalChatHistory> {
      await admit(principal, storeId, token);
      // Reads that do not wait on each other go together: the order and its channel, then the
      // caller's read index and the page.
      const [order, existing] = await Promise.all([orderOf(repo, storeId, orderId), repo.channelOf(storeId, orderId)]);
      const channel = existing ?? (await repo.ensureChannel(storeId, orderId));
      const size = LIMITS.pageSize.chatHistory;
      const [member, rows] = await Promise.all([repo.member(channel.id, principal.id), repo.page(channel.id, before, size)]);
      const lastReadIndex = member ?? 0;
      const hasMoreMessages = rows.length > size;
      const page = rows.slice(0, size).reverse();
      const viewer = { id: principal.id, lastReadIndex };
      return {
        channel: presentChannel(channel, order, lastReadIndex, deps.link),
        messages: page.map((row) => presentMessage(row, order, viewer)),
        hasMoreMessages,
        nextMessageIndex: hasMoreMessages && page[0] ? page[0].index : null,
        paging: { size, before },
      };
    },

    /**
     * Stores the message, moves the sender's read index to it, and writes in the same transaction
     * the live event (internalChat/messages/created) and the outbox event internalChat.messageCreated
     * naming the recipients: the channel's members and the order's advisor and technician, but the
     * sender and the Store account. The same clientMessageId again answers the stored message and
     * writes nothing.
     */
    async send(principal: Principal, token: string | undefined, storeId: string, orderId: string, text: string, clientMessageId: string | null): Promise<InternalChatMessage> {
      await admit(principal, storeId, token);
      const body = text.trim();
      if (body === '') throw errors.invalid('text is mandatory');
      const sender = await repo.worker(principal.id);
      const senderName = sender ? senderNameOf(sender) : principal.username;
      return deps.outbox.transaction(async (tx) => {
        const db = createInternalChatRepository(tx);
        const order = await orderOf(db, storeId, orderId);
        const channel = await db.ensureChannel(storeId, orderId);
        await db.lockChannel(channel.id);
        if (clientMessageId) {
          const known = await db.byClientId(channel.id, principal.id, clientMessageId);
          if (known) return presentMessage(known, order, { id: principal.id, lastReadIndex: known.index });
        }
        const at = now();
        const index = await db.takeNextIndex(channel.id, body, senderName, at);
        const row = await db.insertMessage({
          storeId,
          channelId: channel.id,
          index,
          senderId: principal.id,
          senderName,
          senderType: 'worker',
          text: body,
          clientMessageId,
          createdAt: at,
        });
        await db.markRead(channel.id, principal.id, index);
        const members = await db.members(channel.id);
        const candidates = [...new Set([...members, order.serviceAdvisorId, order.technicianId].filter((id): id is string => !!id && id !== principal.id))];
        const recipientIds = await db.chatWorkersOf(storeId, candidates);
        const after = { ...channel, lastMessageIndex: index, lastText: body, lastSender: senderName, lastMessageAt: at };
        const live: InternalChatMessageEvent = {
          message: presentMessage(row, order, null),
          channel: presentChannel(after, order, 0, () => null),
        };
        await recordEvent(tx, topics.store(storeId).internalChatMessagesCreated, live);
        const created: InternalChatMessageCreated = {
          storeId,
          repairOrderId: orderId,
          orderNumber: order.orderNumber,
          channelId: channel.id,
          messageId: row.id,
          senderId: principal.id,
          senderName,
          text: body,
          recipientIds: recipientIds.sort(),
          title: chatNotificationTitle(order.orderNumber),
        };
        await recordEvent(tx, topics.store(storeId).internalChatMessageCreated, created);
        return presentMessage(row, order, { id: principal.id, lastReadIndex: index });
      });
    },

    /** Moves the caller's read index (up to `index`, else to the latest), never backwards. */
    async markRead(principal: Principal, token: string | undefined, storeId: string, orderId: string, index: number | undefined): Promise<InternalChatChannel> {
      await admit(principal, storeId, token);
      return deps.outbox.transaction(async (tx) => {
        const db = createInternalChatRepository(tx);
        const order = await orderOf(db, storeId, orderId);
        const channel = await db.ensureChannel(storeId, orderId);
        const target = Math.min(index ?? channel.lastMessageIndex, channel.lastMessageIndex);
        const before = await db.member(channel.id, principal.id);
        const lastReadIndex = await db.markRead(channel.id, principal.id, target);
        if (before !== lastReadIndex) {
          const event: InternalChatReadEvent = { userId: principal.id, repairOrderId: orderId, channelId: channel.id, lastReadIndex };
          await recordEvent(tx, topics.store(storeId).internalChatRead, event);
        }
        return presentChannel(channel, order, lastReadIndex, deps.link);
      });
    },
  };
}

export type InternalChatService = ReturnType<typeof createInternalChatService>;
