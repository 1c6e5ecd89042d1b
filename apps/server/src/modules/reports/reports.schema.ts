import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns.js';
import { sentMessages } from '../../platform/db/schema/messages.js';
import { stores } from '../../platform/db/schema/tenancy.js';
import { users } from '../../platform/db/schema/users.js';
import { inspectionOrders } from '../repair-orders/repair-orders.schema.js';

/**
 * A report link (docs/reports.md): the token sent to the customer is `<id>.<signature>`, an HMAC
 * of the id and the order; it does not expire, and the shop revokes it by setting revokedAt.
 */
export const reportLinks = pgTable(
  'report_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    inspectionOrderId: uuid('inspection_order_id')
      .notNull()
      .references(() => inspectionOrders.id),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.id),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }),
  },
  (t) => [index('report_links_order_idx').on(t.storeId, t.inspectionOrderId, t.createdAt)],
);

/** Each report sent: one row per channel and recipient, with its message. */
export const reportDeliveries = pgTable(
  'report_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    inspectionOrderId: uuid('inspection_order_id')
      .notNull()
      .references(() => inspectionOrders.id),
    reportLinkId: uuid('report_link_id').references(() => reportLinks.id),
    workerId: uuid('worker_id').references(() => users.id),
    /** 'report' or 'repairComplete' (the report dialog's two uses). */
    notification: text('notification').notNull(),
    /** 'email' or 'sms'. */
    channel: text('channel').notNull(),
    to: text('to').notNull(),
    language: text('language').notNull(),
    sentMessageId: uuid('sent_message_id').references(() => sentMessages.id),
    /** 'pending', 'fulfilled' or 'error'. */
    status: text('status').notNull(),
    error: text('error'),
    /**
     * The send token's key (docs/reports.md): a recipient already fulfilled or pending under the
     * same key is not sent again, so a double click or a replay never sends twice.
     */
    sendKey: text('send_key'),
    /** Sent to a third party's address (use3rdPartyEmail / use3rdPartyPhone). */
    thirdParty: boolean('third_party').notNull().default(false),
    /** The payload's includePaymentLink, recorded; no link is added until payments exist. */
    includePaymentLink: boolean('include_payment_link').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('report_deliveries_order_idx').on(t.storeId, t.inspectionOrderId, t.createdAt),
    index('report_deliveries_send_key_idx').on(t.inspectionOrderId, t.sendKey),
  ],
);

/**
 * The approval audit trail: append-only, a database trigger refuses updates and deletes.
 * One row per approval the customer signs: its decisions, the estimate version and totals seen,
 * the signature picture, when and from where.
 */
export const reportApprovals = pgTable(
  'report_approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    inspectionOrderId: uuid('inspection_order_id')
      .notNull()
      .references(() => inspectionOrders.id),
    /** [{ resultId, decision: 'approved' | 'declined' }]. */
    decisions: jsonb('decisions').$type<Array<{ resultId: string; decision: 'approved' | 'declined' }>>().notNull(),
    estimateVersion: integer('estimate_version'),
    /** Cents: the estimate's total and the approved part of it, as shown when signing. */
    estimateTotal: integer('estimate_total'),
    approvedTotal: integer('approved_total'),
    signerName: text('signer_name').notNull(),
    signatureKey: text('signature_key').notNull(),
    /** How the customer reached the report: 'link' (with reportLinkId) or 'portal' (with portalUserId). */
    via: text('via').notNull(),
    reportLinkId: uuid('report_link_id').references(() => reportLinks.id),
    portalUserId: uuid('portal_user_id').references(() => users.id),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('report_approvals_order_idx').on(t.storeId, t.inspectionOrderId, t.createdAt)],
);
