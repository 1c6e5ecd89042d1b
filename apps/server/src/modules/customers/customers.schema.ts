import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns.js';
import { stores } from '../../platform/db/schema/tenancy.js';

/** A household: the customers and vehicles that come in together (a family, a fleet). */
export const households = pgTable(
  'households',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    createdAt: createdAt(),
  },
  (t) => [index('households_store_idx').on(t.storeId)],
);

/**
 * A customer. Phones are stored as their ten digits. `search_text` holds what the household
 * search matches (names, business, e-mail, phone digits), lower-cased, written by the repository.
 * A customer taken out of its household keeps its record (household_id null) for its history.
 */
export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    householdId: uuid('household_id').references(() => households.id),
    firstName: text('first_name'),
    lastName: text('last_name'),
    business: text('business'),
    honorific: text('honorific').notNull().default('Mr'),
    email: text('email'),
    mobilePhone: text('mobile_phone'),
    homePhone: text('home_phone'),
    workPhone: text('work_phone'),
    primaryPhone: text('primary_phone'),
    permissionToText: boolean('permission_to_text').notNull().default(false),
    /** The fleet logo (`fleetPicture` on the wire): a FileStore key and the name it was uploaded with. */
    fleetPictureKey: text('fleet_picture_key'),
    fleetPictureName: text('fleet_picture_name'),
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('customers_store_name_idx').on(t.storeId, t.lastName, t.firstName, t.id),
    index('customers_store_email_idx').on(t.storeId, sql`lower(${t.email})`),
    // Portal registration finds the customer by e-mail across every store (docs/portal-users.md).
    index('customers_email_idx').on(sql`lower(${t.email})`),
    index('customers_household_idx').on(t.householdId),
    // The customer list's mobilePhone filter matches the start of the digits (`like '514555%'`):
    // text_pattern_ops lets the B-tree answer a prefix whatever the database's collation.
    index('customers_store_mobile_idx').on(t.storeId, t.mobilePhone.op('text_pattern_ops')),
    // An incoming text finds its customer by number across every store (docs/texting.md).
    index('customers_mobile_idx').on(t.mobilePhone),
    // The household search's keys: each trigram of search_text prefixed with the store's key
    // (servicebay_search_keys, made by the search_keys migration), so a key's posting list holds
    // one store's rows and a store's search costs the same however many stores the table holds.
    index('customers_search_keys_idx').using('gin', sql`servicebay_search_keys(${t.storeId}, ${t.searchText})`),
  ],
);

/** A vehicle. `search_text`: plate (as typed and compact), VIN, fleet number, lower-cased. */
export const vehicles = pgTable(
  'vehicles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    householdId: uuid('household_id').references(() => households.id),
    vin: text('vin'),
    year: integer('year'),
    make: text('make'),
    model: text('model'),
    engine: text('engine'),
    trim: text('trim'),
    customYmme: boolean('custom_ymme').notNull().default(false),
    carId: text('car_id'),
    licensePlate: text('license_plate'),
    fleetNumber: text('fleet_number'),
    color: text('color'),
    blockedFields: jsonb('blocked_fields').$type<string[]>().notNull().default([]),
    state: text('state'),
    /** The vehicle's picture or profile picture: a FileStore key and the name it was uploaded with. */
    pictureKey: text('picture_key'),
    pictureName: text('picture_name'),
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    // A household's vehicles in the order they are listed (vehicleOrder): newest model year first,
    // then in the order they were added; the id only breaks ties of one instant.
    index('vehicles_household_idx').on(t.householdId, t.year.desc().nullsLast(), t.createdAt, t.id),
    index('vehicles_search_keys_idx').using('gin', sql`servicebay_search_keys(${t.storeId}, ${t.searchText})`),
  ],
);
