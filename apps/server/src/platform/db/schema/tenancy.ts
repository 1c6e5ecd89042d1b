import { boolean, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns.js';

/** Tenancy: a partner has accounts; an account has stores; users belong to one of them. */
export const partners = pgTable('partners', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

export const accounts = pgTable('accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  partnerId: uuid('partner_id').references(() => partners.id),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

export const stores = pgTable(
  'stores',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    partnerId: uuid('partner_id').references(() => partners.id),
    name: text('name').notNull(),
    franchiseName: text('franchise_name'),
    email: text('email'),
    phoneNo: text('phone_no'),
    address: text('address'),
    /** The address's country (us or ca) and its state or province code, checked against the country's list. */
    country: text('country').notNull().default('us'),
    state: text('state'),
    /** Opening hours per day: [{ day, open, close }], open may be the word closed. */
    openTime: jsonb('open_time').notNull().default([]),
    /** Every other store setting, validated by ZStoreSettings in packages/domain. */
    settings: jsonb('settings').notNull().default({}),
    /** The store's admin PIN, hashed like a password; never returned. */
    adminPinHash: text('admin_pin_hash'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('stores_account_idx').on(t.accountId), index('stores_partner_idx').on(t.partnerId)],
);
