import { and, desc, eq, gt, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { stores } from '../../platform/db/schema/tenancy.js';
import { users } from '../../platform/db/schema/users.js';
import { customers, vehicles } from '../customers/customers.schema.js';
import { inspectionOrders } from '../repair-orders/repair-orders.schema.js';
import { internalChatChannels, internalChatMembers, internalChatMessages } from './internal-chat.schema.js';

export type ChannelRow = typeof internalChatChannels.$inferSelect;
export type MessageRow = typeof internalChatMessages.$inferSelect;

/** The order a channel is about, as the channel shows it. */
export interface ChatOrderRow {
  inspectionOrderId: string;
  storeId: string;
  orderNumber: string | null;
  closed: boolean;
  serviceAdvisorId: string | null;
  technicianId: string | null;
  primaryPictureKey: string | null;
  vehiclePictureKey: string | null;
  year: string | null;
  make: string | null;
  model: string | null;
  licensePlate: string | null;
  firstName: string | null;
  lastName: string | null;
  business: string | null;
}

const orderColumns = {
  inspectionOrderId: inspectionOrders.id,
  storeId: inspectionOrders.storeId,
  orderNumber: inspectionOrders.orderNumber,
  closed: inspectionOrders.closed,
  serviceAdvisorId: inspectionOrders.serviceAdvisorId,
  technicianId: inspectionOrders.technicianId,
  primaryPictureKey: inspectionOrders.primaryPictureKey,
  vehiclePictureKey: vehicles.pictureKey,
  year: sql<string | null>`${vehicles.year}::text`,
  make: vehicles.make,
  model: vehicles.model,
  licensePlate: vehicles.licensePlate,
  firstName: customers.firstName,
  lastName: customers.lastName,
  business: customers.business,
};

/** What the chat reads of other modules' tables: the store's settings, workers, orders. */
function peopleAndOrders(db: Db) {
  return {
    async storeChat(storeId: string): Promise<{ settings: unknown } | null> {
      const [row] = await db.select({ settings: stores.settings }).from(stores).where(eq(stores.id, storeId));
      return row ?? null;
    },

    async worker(userId: string): Promise<{ id: string; type: string; storeId: string | null; firstName: string; lastName: string; username: string; active: boolean } | null> {
      const [row] = await db
        .select({
          id: users.id,
          type: users.type,
          storeId: users.storeId,
          firstName: users.firstName,
          lastName: users.lastName,
          username: users.username,
          active: users.active,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row ?? null;
    },

    async order(storeId: string, inspectionOrderId: string): Promise<ChatOrderRow | null> {
      const [row] = await db
        .select(orderColumns)
        .from(inspectionOrders)
        .innerJoin(vehicles, eq(vehicles.id, inspectionOrders.vehicleId))
        .innerJoin(customers, eq(customers.id, inspectionOrders.customerId))
        .where(and(eq(inspectionOrders.storeId, storeId), eq(inspectionOrders.id, inspectionOrderId)));
      return row ?? null;
    },

    /** The order's store, whoever asks (the caller's right to it is checked by the service). */
    async orderStore(inspectionOrderId: string): Promise<string | null> {
      const [row] = await db.select({ storeId: inspectionOrders.storeId }).from(inspectionOrders).where(eq(inspectionOrders.id, inspectionOrderId));
      return row?.storeId ?? null;
    },

    async ordersOf(storeId: string, ids: string[]): Promise<ChatOrderRow[]> {
      if (ids.length === 0) return [];
      return db
        .select(orderColumns)
        .from(inspectionOrders)
        .innerJoin(vehicles, eq(vehicles.id, inspectionOrders.vehicleId))
        .innerJoin(customers, eq(customers.id, inspectionOrders.customerId))
        .where(and(eq(inspectionOrders.storeId, storeId), inArray(inspectionOrders.id, ids)));
    },

    /** Active workers of the store among `ids`, but the Store account (who may hear of a message). */
    async chatWorkersOf(storeId: string, ids: string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, ids), eq(users.active, true), ne(users.type, 'Store'), or(eq(users.storeId, storeId), sql`${users.storeId} is null`)));
      return rows.map((r) => r.id);
    },
  };
}

/** Every query is scoped by the store it is given: a channel of another store is never read. */
export function createInternalChatRepository(db: Db) {
  return {
    ...peopleAndOrders(db),
    async channelOf(storeId: string, inspectionOrderId: string): Promise<ChannelRow | null> {
      const [row] = await db
        .select()
        .from(internalChatChannels)
        .where(and(eq(internalChatChannels.storeId, storeId), eq(internalChatChannels.inspectionOrderId, inspectionOrderId)));
      return row ?? null;
    },

    /** The order's channel, made on first use (two first uses at once make one). */
    async ensureChannel(storeId: string, inspectionOrderId: string): Promise<ChannelRow> {
      await db.insert(internalChatChannels).values({ storeId, inspectionOrderId }).onConflictDoNothing({ target: internalChatChannels.inspectionOrderId });
      const row = await this.channelOf(storeId, inspectionOrderId);
      if (!row) throw new Error('internal chat channel vanished');
      return row;
    },

    /** Takes the channel's next index, locking the channel row until the transaction ends. */
    async takeNextIndex(channelId: string, text: string, sender: string, at: Date): Promise<number> {
      const [row] = await db
        .update(internalChatChannels)
        .set({ lastMessageIndex: sql`${internalChatChannels.lastMessageIndex} + 1`, lastText: text, lastSender: sender, lastMessageAt: at })
        .where(eq(internalChatChannels.id, channelId))
        .returning({ index: internalChatChannels.lastMessageIndex });
      if (!row) throw new Error('internal chat channel vanished');
      return row.index;
    },

    /** Locks the channel row (so a repeated client id is looked up after any send in flight commits). */
    async lockChannel(channelId: string): Promise<void> {
      await db.execute(sql`select 1 from ${internalChatChannels} where ${internalChatChannels.id} = ${channelId} for update`);
    },

    async byClientId(channelId: string, senderId: string, clientMessageId: string): Promise<MessageRow | null> {
      const [row] = await db
        .select()
        .from(internalChatMessages)
        .where(
          and(
            eq(internalChatMessages.channelId, channelId),
            eq(internalChatMessages.senderId, senderId),
            eq(internalChatMessages.clientMessageId, clientMessageId),
          ),
        );
      return row ?? null;
    },

    async insertMessage(values: typeof internalChatMessages.$inferInsert): Promise<MessageRow> {
      const [row] = await db.insert(internalChatMessages).values(values).returning();
      if (!row) throw new Error('internal chat message not stored');
      return row;
    },

    /**
     * A page of the channel's messages before `before` (exclusive; null: the latest), newest first,
     * one more than `size` so the caller knows whether older ones remain
     * (internal_chat_messages_channel_idx, read backwards).
     */
    async page(channelId: string, before: number | null, size: number): Promise<MessageRow[]> {
      return db
        .select()
        .from(internalChatMessages)
        .where(before === null ? eq(internalChatMessages.channelId, channelId) : and(eq(internalChatMessages.channelId, channelId), lt(internalChatMessages.index, before)))
        .orderBy(desc(internalChatMessages.index))
        .limit(size + 1);
    },

    async member(channelId: string, userId: string): Promise<number | null> {
      const [row] = await db
        .select({ lastReadIndex: internalChatMembers.lastReadIndex })
        .from(internalChatMembers)
        .where(and(eq(internalChatMembers.channelId, channelId), eq(internalChatMembers.userId, userId)));
      return row ? row.lastReadIndex : null;
    },

    async addMember(channelId: string, userId: string): Promise<void> {
      await db.insert(internalChatMembers).values({ channelId, userId }).onConflictDoNothing();
    },

    async members(channelId: string): Promise<string[]> {
      const rows = await db.select({ userId: internalChatMembers.userId }).from(internalChatMembers).where(eq(internalChatMembers.channelId, channelId));
      return rows.map((r) => r.userId);
    },

    /** Moves the worker's last-read index forward only (joining the channel if it had not). */
    async markRead(channelId: string, userId: string, index: number): Promise<number> {
      const [row] = await db
        .insert(internalChatMembers)
        .values({ channelId, userId, lastReadIndex: index })
        .onConflictDoUpdate({
          target: [internalChatMembers.channelId, internalChatMembers.userId],
          set: { lastReadIndex: sql`greatest(${internalChatMembers.lastReadIndex}, excluded.last_read_index)` },
        })
        .returning({ lastReadIndex: internalChatMembers.lastReadIndex });
      return row?.lastReadIndex ?? index;
    },

    /** The store's channels holding messages of orders still open, latest first, with the worker's read index. */
    async channelsWithMessages(storeId: string, userId: string, limit: number): Promise<Array<ChannelRow & { lastReadIndex: number | null }>> {
      const rows = await db
        .select({ channel: internalChatChannels, lastReadIndex: internalChatMembers.lastReadIndex })
        .from(internalChatChannels)
        .innerJoin(inspectionOrders, eq(inspectionOrders.id, internalChatChannels.inspectionOrderId))
        .leftJoin(internalChatMembers, and(eq(internalChatMembers.channelId, internalChatChannels.id), eq(internalChatMembers.userId, userId)))
        .where(and(eq(internalChatChannels.storeId, storeId), gt(internalChatChannels.lastMessageIndex, 0), eq(inspectionOrders.closed, false)))
        .orderBy(sql`${internalChatChannels.lastMessageAt} desc nulls last`)
        .limit(limit);
      return rows.map((r) => ({ ...r.channel, lastReadIndex: r.lastReadIndex }));
    },

  };
}

export type InternalChatRepository = ReturnType<typeof createInternalChatRepository>;
