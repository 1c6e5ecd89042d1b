import { and, asc, count, desc, eq, inArray, isNull, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { stores } from '../../platform/db/schema/tenancy.js';
import { users } from '../../platform/db/schema/users.js';
import { customers, vehicles } from '../customers/customers.schema.js';
import { inspectionOrders } from '../repair-orders/repair-orders.schema.js';
import { conversations, textConsentEvents, textMessages } from './messaging.schema.js';

export type TextMessageRow = typeof textMessages.$inferSelect;
export type NewTextMessage = typeof textMessages.$inferInsert;
export type ConsentEventRow = typeof textConsentEvents.$inferSelect;

/** What a conversation's line is drawn from: the conversation (or none yet) and its customer. */
export interface ConversationRow {
  customerId: string;
  firstName: string | null;
  lastName: string | null;
  business: string | null;
  mobilePhone: string | null;
  permissionToText: boolean;
  fleetPictureKey: string | null;
  fleetPictureName: string | null;
  lastText: string | null;
  lastSender: string | null;
  lastSenderType: string | null;
  lastMessageAt: Date | null;
  unreadCount: number;
  errorCount: number;
}

/** The order a conversation shows: the customer's open one, else its latest. */
export interface ConversationOrderRow {
  customerId: string;
  inspectionOrderId: string;
  orderNumber: string | null;
  closed: boolean;
  vehicleInShop: boolean;
  year: number | null;
  make: string | null;
  model: string | null;
  licensePlate: string | null;
  vehiclePictureKey: string | null;
}

const conversationColumns = {
  customerId: customers.id,
  firstName: customers.firstName,
  lastName: customers.lastName,
  business: customers.business,
  mobilePhone: customers.mobilePhone,
  permissionToText: customers.permissionToText,
  fleetPictureKey: customers.fleetPictureKey,
  fleetPictureName: customers.fleetPictureName,
  lastText: conversations.lastText,
  lastSender: conversations.lastSender,
  lastSenderType: conversations.lastSenderType,
  lastMessageAt: conversations.lastMessageAt,
  unreadCount: sql<number>`coalesce(${conversations.unreadCount}, 0)`.mapWith(Number),
  errorCount: sql<number>`coalesce(${conversations.errorCount}, 0)`.mapWith(Number),
};

/** The order a conversation shows and its vehicle (ConversationOrderRow). */
const orderColumns = {
  customerId: inspectionOrders.customerId,
  inspectionOrderId: inspectionOrders.id,
  orderNumber: inspectionOrders.orderNumber,
  closed: inspectionOrders.closed,
  vehicleInShop: inspectionOrders.vehicleInShop,
  year: vehicles.year,
  make: vehicles.make,
  model: vehicles.model,
  licensePlate: vehicles.licensePlate,
  vehiclePictureKey: vehicles.pictureKey,
};

/** What the texting use cases need of a customer. */
const customerColumns = {
  id: customers.id,
  storeId: customers.storeId,
  firstName: customers.firstName,
  lastName: customers.lastName,
  business: customers.business,
  mobilePhone: customers.mobilePhone,
  permissionToText: customers.permissionToText,
};

/** A worker's name as its texts and consent changes are signed: first and last name, else the user name. */
const workerName = sql<string | null>`coalesce(nullif(concat_ws(' ', nullif(${users.firstName}, ''), nullif(${users.lastName}, '')), ''), ${users.username})`;

/** Descending as the indexes are built (drizzle-kit writes DESC NULLS LAST), so they serve the sort. */
const newest = (column: AnyColumn | SQL.Aliased) => sql`${column} desc nulls last`;

/** A store's text that failed and was not seen counts as an error. */
const isError = sql`${textMessages.senderType} = 'store' and ${textMessages.status} in ('failed', 'undelivered')`;

function readQueries(db: Db) {
  return {
    async store(storeId: string) {
      const [row] = await db
        .select({ id: stores.id, name: stores.name, phoneNo: stores.phoneNo, settings: stores.settings, country: stores.country, state: stores.state })
        .from(stores)
        .where(eq(stores.id, storeId))
        .limit(1);
      return row ?? null;
    },

    /** How a worker signs the texts it writes: first and last name, else the user name. */
    async workerName(userId: string): Promise<string | null> {
      const [row] = await db.select({ name: workerName }).from(users).where(eq(users.id, userId)).limit(1);
      return row?.name ?? null;
    },

    async customer(storeId: string, customerId: string) {
      const [row] = await db
        .select(customerColumns)
        .from(customers)
        .where(and(eq(customers.storeId, storeId), eq(customers.id, customerId)))
        .limit(1);
      return row ?? null;
    },

    /**
     * The store's other customers whose mobile number is one of `candidates` (the ways one number
     * may be stored), on customers_store_mobile_idx: where a text that came from it may be moved.
     */
    async storeCustomersByPhone(storeId: string, candidates: string[], exceptCustomerId: string) {
      return db
        .select(customerColumns)
        .from(customers)
        .where(and(eq(customers.storeId, storeId), inArray(customers.mobilePhone, candidates), ne(customers.id, exceptCustomerId)))
        .orderBy(asc(customers.lastName), asc(customers.firstName), asc(customers.id))
        .limit(50);
    },

    /**
     * Customers a number may be, in any store: the one texted most recently first, then the newest
     * customer. `candidates` are the ways the number may be stored (ten digits, E.164).
     */
    async customersByPhone(candidates: string[]) {
      return db
        .select({ ...customerColumns, lastMessageAt: conversations.lastMessageAt })
        .from(customers)
        .leftJoin(conversations, and(eq(conversations.storeId, customers.storeId), eq(conversations.customerId, customers.id)))
        .where(inArray(customers.mobilePhone, candidates))
        .orderBy(sql`${conversations.lastMessageAt} desc nulls last`, desc(customers.createdAt), asc(customers.id))
        .limit(20);
    },

    async messageByMessageId(storeId: string, messageId: string) {
      const [row] = await db
        .select()
        .from(textMessages)
        .where(and(eq(textMessages.storeId, storeId), eq(textMessages.messageId, messageId)))
        .limit(1);
      return row ?? null;
    },

    /** The customer's own incoming text (senderType customer), by its id; null otherwise. */
    async incomingText(storeId: string, customerId: string, id: string) {
      const [row] = await db
        .select()
        .from(textMessages)
        .where(
          and(
            eq(textMessages.storeId, storeId),
            eq(textMessages.id, id),
            eq(textMessages.customerId, customerId),
            eq(textMessages.senderType, 'customer'),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    async messageBySentMessage(sentMessageId: string) {
      const [row] = await db.select().from(textMessages).where(eq(textMessages.sentMessageId, sentMessageId)).limit(1);
      return row ?? null;
    },

  };
}

function listQueries(db: Db) {
  return {
    /** Newest first, on text_messages_store_customer_idx. */
    async messagesPage(storeId: string, customerId: string, page: number, size: number) {
      const where = and(eq(textMessages.storeId, storeId), eq(textMessages.customerId, customerId));
      const [items, totals] = await Promise.all([
        db
          .select()
          .from(textMessages)
          .where(where)
          .orderBy(newest(textMessages.createdAt), newest(textMessages.id))
          .limit(size)
          .offset(page * size),
        db.select({ total: count() }).from(textMessages).where(where),
      ]);
      return { items, total: totals[0]?.total ?? 0 };
    },

    /** Failures first, then unread, then the latest, on conversations_store_list_idx. */
    /**
     * A page of the store's conversations, failures first, then unread, then the latest, each
     * with the order it shows, in one statement: the page taken on conversations_store_list_idx,
     * then each of its lines' order on inspection_orders_customer_idx (a lateral join, so only the
     * page's customers are looked up); the total beside it.
     */
    async conversationsPage(storeId: string, page: number, size: number) {
      const lines = db
        .select({
          ...conversationColumns,
          unreadCount: sql<number>`coalesce(${conversations.unreadCount}, 0)`.mapWith(Number).as('unread_count'),
          errorCount: sql<number>`coalesce(${conversations.errorCount}, 0)`.mapWith(Number).as('error_count'),
        })
        .from(conversations)
        .innerJoin(customers, eq(customers.id, conversations.customerId))
        .where(eq(conversations.storeId, storeId))
        .orderBy(
          newest(conversations.errorCount),
          newest(conversations.unreadCount),
          newest(conversations.lastMessageAt),
          asc(conversations.customerId),
        )
        .limit(size)
        .offset(page * size)
        .as('lines');
      const order = db
        .select(orderColumns)
        .from(inspectionOrders)
        .innerJoin(vehicles, eq(vehicles.id, inspectionOrders.vehicleId))
        .where(and(eq(inspectionOrders.storeId, storeId), eq(inspectionOrders.customerId, lines.customerId)))
        .orderBy(asc(inspectionOrders.closed), desc(inspectionOrders.createdAt))
        .limit(1)
        .as('line_order');
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(lines)
          .leftJoinLateral(order, sql`true`)
          .orderBy(newest(lines.errorCount), newest(lines.unreadCount), newest(lines.lastMessageAt), asc(lines.customerId)),
        db.select({ total: count() }).from(conversations).where(eq(conversations.storeId, storeId)),
      ]);
      return {
        items: rows.map((r) => r.lines as ConversationRow),
        orders: rows.flatMap((r) => (r.line_order ? [r.line_order as ConversationOrderRow] : [])),
        total: totals[0]?.total ?? 0,
      };
    },

    /** The customer's conversation line, with its counts at 0 before the first text. */
    async conversation(storeId: string, customerId: string): Promise<ConversationRow | null> {
      const [row] = await db
        .select(conversationColumns)
        .from(customers)
        .leftJoin(conversations, and(eq(conversations.storeId, customers.storeId), eq(conversations.customerId, customers.id)))
        .where(and(eq(customers.storeId, storeId), eq(customers.id, customerId)))
        .limit(1);
      return (row as ConversationRow | undefined) ?? null;
    },

    async lastInboundAt(storeId: string, customerId: string): Promise<Date | null> {
      const [row] = await db
        .select({ at: conversations.lastInboundAt })
        .from(conversations)
        .where(and(eq(conversations.storeId, storeId), eq(conversations.customerId, customerId)))
        .limit(1);
      return row?.at ?? null;
    },

    /** Each customer's open order (else its latest), with the vehicle, on inspection_orders_customer_idx. */
    async ordersOf(storeId: string, customerIds: string[]): Promise<ConversationOrderRow[]> {
      if (customerIds.length === 0) return [];
      return db
        .selectDistinctOn([inspectionOrders.customerId], orderColumns)
        .from(inspectionOrders)
        .innerJoin(vehicles, eq(vehicles.id, inspectionOrders.vehicleId))
        .where(and(eq(inspectionOrders.storeId, storeId), inArray(inspectionOrders.customerId, customerIds)))
        .orderBy(inspectionOrders.customerId, asc(inspectionOrders.closed), desc(inspectionOrders.createdAt));
    },

    async orderCustomer(storeId: string, inspectionOrderId: string) {
      const [row] = await db
        .select({ customerId: inspectionOrders.customerId })
        .from(inspectionOrders)
        .where(and(eq(inspectionOrders.storeId, storeId), eq(inspectionOrders.id, inspectionOrderId)))
        .limit(1);
      return row?.customerId ?? null;
    },

    /** Customers with something unread or failed, on conversations_store_counts_idx. */
    async counts(storeId: string, opts: { openOrders?: boolean | undefined } = {}) {
      const open = opts.openOrders
        ? sql`and exists (select 1 from ${inspectionOrders} where ${inspectionOrders.storeId} = ${conversations.storeId} and ${inspectionOrders.customerId} = ${conversations.customerId} and ${inspectionOrders.closed} = false)`
        : sql``;
      return db
        .select({ customerId: conversations.customerId, unread: conversations.unreadCount, errors: conversations.errorCount })
        .from(conversations)
        .where(
          sql`${conversations.storeId} = ${storeId} and (${conversations.unreadCount} > 0 or ${conversations.errorCount} > 0) ${open}`,
        );
    },

    /** Newest first, each with the name of the staff user who made it (null for a keyword). */
    async consentHistory(storeId: string, customerId: string) {
      return db
        .select({ event: textConsentEvents, userName: workerName })
        .from(textConsentEvents)
        .leftJoin(users, eq(users.id, textConsentEvents.userId))
        .where(and(eq(textConsentEvents.storeId, storeId), eq(textConsentEvents.customerId, customerId)))
        .orderBy(newest(textConsentEvents.createdAt), desc(textConsentEvents.id))
        .limit(500);
    },

    async lastConsent(storeId: string, customerId: string) {
      const [row] = await db
        .select()
        .from(textConsentEvents)
        .where(and(eq(textConsentEvents.storeId, storeId), eq(textConsentEvents.customerId, customerId)))
        .orderBy(newest(textConsentEvents.createdAt))
        .limit(1);
      return row ?? null;
    },
  };
}

function writeQueries(db: Db) {
  return {
    /** Null when the store already holds a text with this message id (the first one stays). */
    async insertMessage(row: NewTextMessage): Promise<TextMessageRow | null> {
      const [inserted] = await db.insert(textMessages).values(row).onConflictDoNothing().returning();
      return inserted ?? null;
    },

    async updateMessage(
      id: string,
      patch: Partial<Pick<TextMessageRow, 'status' | 'sentMessageId' | 'error' | 'scheduledFor' | 'via'>>,
    ): Promise<TextMessageRow | null> {
      const [row] = await db
        .update(textMessages)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(textMessages.id, id))
        .returning();
      return row ?? null;
    },

    /** Writes the latest text on the conversation (made on the first one) and moves its counts. */
    async touchConversation(change: {
      storeId: string;
      customerId: string;
      phone: string | null;
      text: string;
      sender: string;
      senderType: 'store' | 'customer';
      at: Date;
      unreadDelta: number;
    }) {
      const inbound = change.senderType === 'customer' ? change.at : null;
      await db
        .insert(conversations)
        .values({
          storeId: change.storeId,
          customerId: change.customerId,
          phone: change.phone,
          lastText: change.text,
          lastSender: change.sender,
          lastSenderType: change.senderType,
          lastMessageAt: change.at,
          lastInboundAt: inbound,
          unreadCount: change.unreadDelta,
        })
        .onConflictDoUpdate({
          target: [conversations.storeId, conversations.customerId],
          set: {
            phone: sql`coalesce(excluded.phone, ${conversations.phone})`,
            lastText: change.text,
            lastSender: change.sender,
            lastSenderType: change.senderType,
            lastMessageAt: change.at,
            lastInboundAt: sql`coalesce(excluded.last_inbound_at, ${conversations.lastInboundAt})`,
            unreadCount: sql`${conversations.unreadCount} + ${change.unreadDelta}`,
          },
        });
    },

    async addError(storeId: string, customerId: string) {
      await db
        .update(conversations)
        .set({ errorCount: sql`${conversations.errorCount} + 1` })
        .where(and(eq(conversations.storeId, storeId), eq(conversations.customerId, customerId)));
    },

    /** The customer's texts read and the store's failures seen; the conversation's counts to 0. */
    async markRead(storeId: string, customerId: string, at: Date) {
      await db
        .update(textMessages)
        .set({ seenAt: at })
        .where(
          and(
            eq(textMessages.storeId, storeId),
            eq(textMessages.customerId, customerId),
            isNull(textMessages.seenAt),
            or(eq(textMessages.senderType, 'customer'), isError),
          ),
        );
      await db
        .update(conversations)
        .set({ unreadCount: 0, errorCount: 0 })
        .where(and(eq(conversations.storeId, storeId), eq(conversations.customerId, customerId)));
    },

    async insertConsent(row: typeof textConsentEvents.$inferInsert) {
      const [inserted] = await db.insert(textConsentEvents).values(row).returning();
      return inserted!;
    },

  };
}

/** The background jobs' claims: texts due after quiet hours, the local gateway's steps. */
function jobQueries(db: Db) {
  return {
    /**
     * Takes the texts due at the end of quiet hours, turning them queued in the same statement:
     * two server processes never take the same text.
     */
    async claimScheduled(now: Date, limit: number): Promise<TextMessageRow[]> {
      return db
        .update(textMessages)
        .set({ status: 'queued', updatedAt: now })
        .where(
          inArray(
            textMessages.id,
            db
              .select({ id: textMessages.id })
              .from(textMessages)
              .where(sql`${textMessages.status} = 'scheduled' and ${textMessages.scheduledFor} <= ${now}`)
              .orderBy(asc(textMessages.scheduledFor))
              .limit(limit)
              .for('update', { skipLocked: true }),
          ),
        )
        .returning();
    },

    /** The local gateway's step: queued texts turn sent, sent ones delivered, once `before` is past. */
    async advanceLocal(before: Date, now: Date, limit: number): Promise<TextMessageRow[]> {
      return db
        .update(textMessages)
        .set({
          status: sql`case ${textMessages.status} when 'queued' then 'sent' else 'delivered' end`,
          updatedAt: now,
        })
        .where(
          inArray(
            textMessages.id,
            db
              .select({ id: textMessages.id })
              .from(textMessages)
              .where(
                sql`${textMessages.via} = 'local' and ${textMessages.status} in ('queued', 'sent') and ${textMessages.updatedAt} <= ${before}`,
              )
              .orderBy(asc(textMessages.updatedAt))
              .limit(limit)
              .for('update', { skipLocked: true }),
          ),
        )
        .returning();
    },
  };
}

/** Fixing where an incoming text went. */
function correctionQueries(db: Db) {
  return {
    /** A customer's text attached to another customer of the store; null when it is not that customer's. */
    async moveMessage(storeId: string, id: string, fromCustomerId: string, toCustomerId: string): Promise<TextMessageRow | null> {
      const [row] = await db
        .update(textMessages)
        .set({ customerId: toCustomerId, updatedAt: new Date() })
        .where(
          and(
            eq(textMessages.storeId, storeId),
            eq(textMessages.id, id),
            eq(textMessages.customerId, fromCustomerId),
            eq(textMessages.senderType, 'customer'),
          ),
        )
        .returning();
      return row ?? null;
    },

    /** The conversation written again from its texts (after one moved); gone when none is left. */
    async rebuildConversation(storeId: string, customerId: string) {
      const where = and(eq(textMessages.storeId, storeId), eq(textMessages.customerId, customerId));
      const [latest] = await db.select().from(textMessages).where(where).orderBy(newest(textMessages.createdAt), newest(textMessages.id)).limit(1);
      if (!latest) {
        await db.delete(conversations).where(and(eq(conversations.storeId, storeId), eq(conversations.customerId, customerId)));
        return;
      }
      const [agg] = await db
        .select({
          unread: sql<number>`count(*) filter (where ${textMessages.senderType} = 'customer' and ${textMessages.seenAt} is null)`.mapWith(Number),
          errors: sql<number>`count(*) filter (where ${isError} and ${textMessages.seenAt} is null)`.mapWith(Number),
          lastInbound: sql<Date | null>`max(${textMessages.createdAt}) filter (where ${textMessages.senderType} = 'customer')`.mapWith((v: string | Date | null) => (v === null ? null : new Date(v))),
        })
        .from(textMessages)
        .where(where);
      const values = {
        phone: latest.senderType === 'customer' ? latest.from : latest.to,
        lastText: latest.text,
        lastSender: latest.senderName,
        lastSenderType: latest.senderType,
        lastMessageAt: latest.createdAt,
        lastInboundAt: agg?.lastInbound ?? null,
        unreadCount: agg?.unread ?? 0,
        errorCount: agg?.errors ?? 0,
      };
      await db
        .insert(conversations)
        .values({ storeId, customerId, ...values })
        .onConflictDoUpdate({ target: [conversations.storeId, conversations.customerId], set: values });
    },

  };
}

export function createMessagingRepository(db: Db) {
  return { ...readQueries(db), ...listQueries(db), ...writeQueries(db), ...jobQueries(db), ...correctionQueries(db) };
}

export type MessagingRepository = ReturnType<typeof createMessagingRepository>;
