import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * One entry of an order's history. A sign-off also keeps who signed and the signature file
 * (the latest one is presented as the order's signOff).
 */
export interface OrderActivityRecord {
  type: string;
  date: string;
  userId: string | null;
  signOff?: { signerName: string; language: 'en' | 'fr'; workerId: string | null; signatureKey: string; signatureName: string };
}

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

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
    /** Opening hours per day: [{ day, open, close }], open may be the word closed (spec §3). */
    openTime: jsonb('open_time').notNull().default([]),
    /** Every other store setting of spec §3, validated by ZStoreSettings in packages/domain. */
    settings: jsonb('settings').notNull().default({}),
    /** The store's admin PIN, hashed like a password; never returned. */
    adminPinHash: text('admin_pin_hash'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('stores_account_idx').on(t.accountId), index('stores_partner_idx').on(t.partnerId)],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    passwordHash: text('password_hash'),
    type: text('type').notNull(),
    storeId: uuid('store_id').references(() => stores.id),
    accountId: uuid('account_id').references(() => accounts.id),
    partnerId: uuid('partner_id').references(() => partners.id),
    customerId: uuid('customer_id'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    language: text('language').notNull().default('en'),
    email: text('email'),
    title: text('title'),
    lastRoleUsed: text('last_role_used'),
    authorizedToRefund: boolean('authorized_to_refund').notNull().default(false),
    mandatoryTrainingComplete: boolean('mandatory_training_complete').notNull().default(true),
    dashboardVersion: integer('dashboard_version').notNull().default(2),
    isLegacy: boolean('is_legacy').notNull().default(false),
    /** The worker's PIN for worker selection on a shared store tablet, hashed. */
    pinHash: text('pin_hash'),
    /** Dashboard preferences (spec §7 POST .../filter). */
    dashboardSorting: text('dashboard_sorting'),
    dashboardFilter: text('dashboard_filter'),
    waitingFirst: boolean('waiting_first').notNull().default(false),
    myVehicles: boolean('my_vehicles').notNull().default(false),
    active: boolean('active').notNull().default(true),
    /**
     * Goes up by one whenever the user's sign-ins must end at once (a role change, a deactivation,
     * a new password). Access and refresh tokens carry the version they were issued at; a token of
     * an older version is refused (docs/security.md).
     */
    tokenVersion: integer('token_version').notNull().default(0),
    /** When tokenVersion last went up: every server process loads the recent cut-offs at start. */
    tokensCutAt: timestamp('tokens_cut_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    index('users_store_idx').on(t.storeId),
    index('users_tokens_cut_at_idx').on(t.tokensCutAt).where(sql`${t.tokensCutAt} is not null`),
    // One portal user per customer (docs/portal-users.md), even under concurrent registrations.
    uniqueIndex('users_customer_key').on(t.customerId).where(sql`${t.customerId} is not null`),
  ],
);

/**
 * Refresh tokens rotate on every use; each login starts a family. Presenting a token that was
 * already used revokes its whole family (someone else holds a copy). Only hashes are stored.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** Set when an admin logged in as a role of a store (hijack): the sign-in keeps acting so. */
    actingType: text('acting_type'),
    actingStoreId: uuid('acting_store_id').references(() => stores.id),
    /** The user's token version when this token was issued; an older one than the user's is refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

/** Single-use, expiring password reset tokens sent by e-mail; only hashes are stored. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/**
 * Failed sign-ins per typed username (trimmed, lower-cased), whether or not such a user exists, so
 * an unknown name is locked exactly like a real one and the answer tells nothing. Five failures in
 * a row lock the name; a success or a password reset deletes the row; quiet rows are purged.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    usernameKey: text('username_key').primaryKey(),
    failures: integer('failures').notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_last_failed_idx').on(t.lastFailedAt)],
);

/**
 * An account's OpenID Connect identity provider (docs/sso.md). At most one is enabled per account,
 * so the login strategy lookup has one answer. The client secret is needed in clear to authenticate
 * to the provider; it never leaves the server.
 */
export const ssoConfigurations = pgTable(
  'sso_configurations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    clientSecret: text('client_secret').notNull(),
    /** Space-separated scopes asked for; always includes openid. */
    scopes: text('scopes').notNull().default('openid email profile'),
    /** The claim whose value is the user's username or e-mail address. */
    usernameClaim: text('username_claim').notNull().default('email'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('sso_configurations_account_idx').on(t.accountId),
    uniqueIndex('sso_configurations_enabled_account_key').on(t.accountId).where(sql`${t.enabled}`),
  ],
);

/**
 * Sign-ons in progress: what the callback needs to finish one (PKCE verifier, nonce) and to know
 * it is the browser that started it. Deleted when used, so a replayed callback finds nothing.
 */
export const ssoLoginAttempts = pgTable(
  'sso_login_attempts',
  {
    /** SHA-256 of the state sent to the provider. */
    stateHash: text('state_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    configurationId: uuid('configuration_id')
      .notNull()
      .references(() => ssoConfigurations.id, { onDelete: 'cascade' }),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    /** SHA-256 of the random value in the starting browser's httpOnly cookie. */
    browserHash: text('browser_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sso_login_attempts_expires_idx').on(t.expiresAt)],
);

/**
 * Events written in the same transaction as the change that caused them; the relay publishes
 * them to the bus afterwards, so no event is lost and none is sent for a rolled-back change.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: text('topic').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [index('outbox_events_unpublished_idx').on(t.id).where(sql`${t.publishedAt} is null`)],
);

/** First answer to each mutating request sent with an Idempotency-Key, per caller. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    caller: text('caller').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    requestHash: text('request_hash').notNull(),
    /** null while the first request is still being handled. */
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.caller, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/** Every e-mail and text the product sends, whichever provider carried it. */
export const sentMessages = pgTable(
  'sent_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel').notNull(), // email | sms
    provider: text('provider').notNull(), // smtp | twilio | local
    storeId: uuid('store_id'),
    to: text('to').notNull(),
    from: text('from').notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status').notNull(), // queued | sent | failed
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('sent_messages_created_idx').on(t.createdAt)],
);

/** Spec §3 Household: the customers and vehicles that come in together (a family, a fleet). */
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
 * Spec §3 Customer. Phones are stored as their ten digits. `search_text` holds what the household
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
    /** The fleet logo (spec §3 fleetPicture): a FileStore key and the name it was uploaded with. */
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
    // The household search's keys: each trigram of search_text prefixed with the store's key
    // (servicebay_search_keys, made by the search_keys migration), so a key's posting list holds
    // one store's rows and a store's search costs the same however many stores the table holds.
    index('customers_search_keys_idx').using('gin', sql`servicebay_search_keys(${t.storeId}, ${t.searchText})`),
  ],
);

/** Spec §3 Vehicle. `search_text`: plate (as typed and compact), VIN, fleet number, lower-cased. */
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
    /** Spec §3 "picture or profile picture": a FileStore key and the name it was uploaded with. */
    pictureKey: text('picture_key'),
    pictureName: text('picture_name'),
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('vehicles_household_idx').on(t.householdId, t.year, t.id),
    index('vehicles_search_keys_idx').using('gin', sql`servicebay_search_keys(${t.storeId}, ${t.searchText})`),
  ],
);

/**
 * The generic maintenance schedule (spec §7 .../engine/{e}/maintenance): reference data, not a
 * tenant's, seeded by its migration. Each row is one service due every `miles` / `kilometres`
 * (or `months`, whichever comes first) for the powertrains it names.
 */
export const maintenanceIntervals = pgTable(
  'maintenance_intervals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    miles: integer('miles').notNull(),
    kilometres: integer('kilometres').notNull(),
    months: integer('months'),
    /** Replace, Inspect, Rotate... */
    operation: text('operation').notNull(),
    item: text('item').notNull(),
    /** all | combustion | electric */
    powertrain: text('powertrain').notNull().default('all'),
  },
  (t) => [index('maintenance_intervals_miles_idx').on(t.miles)],
);

/**
 * Training courses (docs/training.md): the product's own content, the same for every shop, in
 * English and French. `sections` holds [{ title: {en, fr}, body: {en: [...], fr: [...]} }].
 */
export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    titleEn: text('title_en').notNull(),
    titleFr: text('title_fr').notNull(),
    summaryEn: text('summary_en').notNull().default(''),
    summaryFr: text('summary_fr').notNull().default(''),
    mandatory: boolean('mandatory').notNull().default(false),
    rank: integer('rank').notNull().default(0),
    sections: jsonb('sections').notNull().default([]),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('courses_rank_idx').on(t.rank, t.id)],
);

/** One row per course a user completed; completing again keeps the first time. */
export const courseCompletions = pgTable(
  'course_completions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] })],
);

/**
 * The VIN scanner flow (docs/vin-scanner.md): one row per launched scan. The scanner's callback
 * finds it by the SHA-256 of its single-use token (the token itself is never stored) and fills
 * `vin`; the return page reads it once (`consumed_at`). Rows are pruned after they expire.
 */
export const vinScans = pgTable(
  'vin_scans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** vehicleDetails | dashboard */
    origin: text('origin').notNull(),
    language: text('language').notNull(),
    tokenHash: text('token_hash').notNull(),
    vin: text('vin'),
    scannedAt: timestamp('scanned_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /** Until the scanner may call back; once scanned, until the VIN may be read. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('vin_scans_token_hash_idx').on(t.tokenHash),
    index('vin_scans_user_origin_idx').on(t.userId, t.origin, t.scannedAt),
    index('vin_scans_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Text compared byte by byte whatever the database's locale, so PGlite and any PostgreSQL sort
 * it alike (the order-number sort key is built for byte order: packages/domain orders/order.ts).
 */
const byteOrderedText = customType<{ data: string }>({ dataType: () => 'text collate "C"' });

/**
 * Spec §3 Inspection order (repair ticket); docs/repair-orders.md. Step states are columns so
 * the list filters on them; `order_number_key` is the numeric-aware sort key of the order number.
 * Every index leads with store_id; the open-order list indexes are partial (`closed = false`),
 * so they stay as small as the shops' open work whatever the history holds.
 */
export const inspectionOrders = pgTable(
  'inspection_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id),
    serviceAdvisorId: uuid('service_advisor_id').references(() => users.id),
    technicianId: uuid('technician_id').references(() => users.id),
    /** An inspection type's id (inspection issue); no foreign key until that table exists. */
    inspectionType: uuid('inspection_type'),
    orderNumber: text('order_number'),
    orderNumberKey: byteOrderedText('order_number_key'),
    waiting: boolean('waiting').notNull().default(false),
    note: text('note'),
    timePromised: timestamp('time_promised', { withTimezone: true }),
    mileageIn: integer('mileage_in'),
    mileageOut: integer('mileage_out'),
    vehicleInShop: boolean('vehicle_in_shop').notNull().default(true),
    scheduled: timestamp('scheduled', { withTimezone: true }),
    stateInspection: text('state_inspection').notNull().default('notStarted'),
    stateEstimate: text('state_estimate').notNull().default('notStarted'),
    stateApproval: text('state_approval').notNull().default('notStarted'),
    stateReport: text('state_report').notNull().default('notStarted'),
    stateParts: text('state_parts').notNull().default('notStarted'),
    stateWork: text('state_work').notNull().default('notStarted'),
    closed: boolean('closed').notNull().default(false),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    finished: boolean('finished').notNull().default(false),
    estimateStatus: text('estimate_status'),
    estimateDelivery: text('estimate_delivery').notNull().default('NOT_SENT'),
    reportStatus: text('report_status'),
    reportLastViewed: timestamp('report_last_viewed', { withTimezone: true }),
    meetingStatus: text('meeting_status'),
    repairOrderId: text('repair_order_id'),
    blockedFields: jsonb('blocked_fields').$type<string[]>().notNull().default([]),
    /** The order's picture: a FileStore key, its name and where it came from. */
    primaryPictureKey: text('primary_picture_key'),
    primaryPictureName: text('primary_picture_name'),
    primaryPictureSource: text('primary_picture_source'),
    /** Start of the running time entry (null: paused); seconds of the entries already ended. */
    timeTrackerStartedAt: timestamp('time_tracker_started_at', { withTimezone: true }),
    timeTrackerSeconds: integer('time_tracker_seconds').notNull().default(0),
    includeMaintenanceInReport: boolean('include_maintenance_in_report').notNull().default(false),
    isCustomerNotifiedAboutRepair: boolean('is_customer_notified_about_repair').notNull().default(false),
    checkedWithHunter: boolean('checked_with_hunter').notNull().default(false),
    activities: jsonb('activities').$type<OrderActivityRecord[]>().notNull().default([]),
    servicePackages: jsonb('service_packages')
      .$type<Array<{ id: string; name?: string | null; lines: Array<{ id: string; done: boolean }> }>>()
      .notNull()
      .default([]),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => {
    const open = sql`${t.closed} = false`;
    return [
      // The dashboard: open orders in (or out of) the shop by RO number, either way, waiting first or not.
      index('inspection_orders_open_number_desc_idx')
        .on(t.storeId, t.vehicleInShop, t.orderNumberKey.desc().nullsLast(), t.createdAt.desc(), t.id.desc())
        .where(open),
      index('inspection_orders_open_number_asc_idx')
        .on(t.storeId, t.vehicleInShop, t.orderNumberKey.asc().nullsLast(), t.createdAt.desc(), t.id.desc())
        .where(open),
      index('inspection_orders_open_waiting_desc_idx')
        .on(t.storeId, t.vehicleInShop, t.waiting.desc(), t.orderNumberKey.desc().nullsLast(), t.createdAt.desc(), t.id.desc())
        .where(open),
      index('inspection_orders_open_waiting_asc_idx')
        .on(t.storeId, t.vehicleInShop, t.waiting.desc(), t.orderNumberKey.asc().nullsLast(), t.createdAt.desc(), t.id.desc())
        .where(open),
      // Appointments: open, out of the shop, by scheduled time.
      index('inspection_orders_appointments_idx')
        .on(t.storeId, t.scheduled, t.createdAt.desc(), t.id.desc())
        .where(sql`${t.closed} = false and ${t.vehicleInShop} = false`),
      // My vehicles and the basic technician's lists.
      index('inspection_orders_open_technician_idx').on(t.storeId, t.technicianId).where(open),
      index('inspection_orders_open_advisor_idx').on(t.storeId, t.serviceAdvisorId).where(open),
      // Every order (closed ones included) by RO number; a vehicle's history; a customer's orders.
      index('inspection_orders_number_idx').on(t.storeId, t.orderNumberKey.desc().nullsLast(), t.createdAt.desc(), t.id.desc()),
      index('inspection_orders_vehicle_idx').on(t.storeId, t.vehicleId, t.createdAt.desc()),
      index('inspection_orders_customer_idx').on(t.storeId, t.customerId),
      // Reports being read: the sweeper turns those not viewed for the reading time-out into read.
      index('inspection_orders_report_reading_idx').on(t.reportLastViewed).where(sql`${t.reportStatus} = 'reading'`),
    ];
  },
);

/** The time tracker's entries (spec §4): who worked on an order, from when to when. */
export const inspectionOrderTimeEntries = pgTable(
  'inspection_order_time_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    inspectionOrderId: uuid('inspection_order_id')
      .notNull()
      .references(() => inspectionOrders.id, { onDelete: 'cascade' }),
    technicianId: uuid('technician_id')
      .notNull()
      .references(() => users.id),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('inspection_order_time_entries_order_idx').on(t.storeId, t.inspectionOrderId, t.startedAt),
    // One running entry per order, even under concurrent starts.
    uniqueIndex('inspection_order_time_entries_running_key').on(t.inspectionOrderId).where(sql`${t.endedAt} is null`),
  ],
);

/**
 * Inspection types (templates), spec §3; docs/inspections.md. `store_id` null: a product template
 * every store may use (seeded by a migration); else the store's own. `definition` holds the groups,
 * sections and items, validated by ZInspectionDefinition. `is_default` marks the product's default
 * template; a store's defaultInspection setting wins over it.
 */
export const inspectionTypes = pgTable(
  'inspection_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id').references(() => stores.id),
    name: text('name').notNull(),
    state: text('state').notNull().default('active'),
    isDefault: boolean('is_default').notNull().default(false),
    definition: jsonb('definition').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('inspection_types_store_idx').on(t.storeId, t.state)],
);

/** Spec §3 automatic inspection selection: a store's business name → inspection type. */
export const automaticInspectionSelections = pgTable(
  'automatic_inspection_selections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    match: text('match').notNull(),
    /** businessMatchKey(match): trimmed, spaces folded, lower case. */
    matchKey: text('match_key').notNull(),
    inspectionTypeId: uuid('inspection_type_id')
      .notNull()
      .references(() => inspectionTypes.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('automatic_inspection_selections_match_key').on(t.storeId, t.matchKey)],
);

/** Spec §3 inspection results: one per item of the order's type (several for `multiple` items). */
export const inspectionResults = pgTable(
  'inspection_results',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    inspectionOrderId: uuid('inspection_order_id')
      .notNull()
      .references(() => inspectionOrders.id, { onDelete: 'cascade' }),
    groupKey: text('group_key').notNull(),
    sectionKey: text('section_key').notNull(),
    itemKey: text('item_key').notNull(),
    result: text('result'),
    finding: text('finding'),
    recommendation: text('recommendation'),
    findingText: text('finding_text'),
    recommendationText: text('recommendation_text'),
    rank: integer('rank').notNull().default(0),
    multiple: boolean('multiple').notNull().default(false),
    note: text('note'),
    mapValue: text('map_value'),
    value: doublePrecision('value'),
    clientApprovedForWork: boolean('client_approved_for_work').notNull().default(false),
    deferredIgnoredByCustomer: boolean('deferred_ignored_by_customer').notNull().default(false),
    /**
     * The customer's word on a recommended item: 'approved' or 'declined' (deferred work); null while
     * undecided. clientApprovedForWork mirrors 'approved' (spec §3). docs/reports.md.
     */
    customerDecision: text('customer_decision'),
    customerDecidedAt: timestamp('customer_decided_at', { withTimezone: true }),
    confirmed: boolean('confirmed').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('inspection_results_order_idx').on(t.storeId, t.inspectionOrderId, t.rank, t.createdAt),
    // One result per item unless the item is multiple, even under concurrent creates.
    uniqueIndex('inspection_results_single_item_key').on(t.inspectionOrderId, t.itemKey).where(sql`${t.multiple} = false`),
    // The vehicle's previous measurements: results with a value by item.
    index('inspection_results_measured_idx').on(t.storeId, t.itemKey, t.inspectionOrderId).where(sql`${t.value} is not null`),
  ],
);

/** Pictures and videos of a result: FileStore keys (never paths) and what the form said. */
export const inspectionResultMedia = pgTable(
  'inspection_result_media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    resultId: uuid('result_id')
      .notNull()
      .references(() => inspectionResults.id, { onDelete: 'cascade' }),
    /** 'picture' or 'video'. */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    /** The file shown (for pictures the annotated one after a replacement). */
    fileKey: text('file_key').notNull(),
    /** Pictures: the first upload, and the gallery and phone copies of the shown one. */
    originalKey: text('original_key'),
    galleryKey: text('gallery_key'),
    phoneKey: text('phone_key'),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    workerName: text('worker_name'),
    workerTitle: text('worker_title'),
    dateTime: timestamp('date_time', { withTimezone: true }),
    gpsLat: doublePrecision('gps_lat'),
    gpsLong: doublePrecision('gps_long'),
    lastModified: timestamp('last_modified', { withTimezone: true }),
    duration: doublePrecision('duration'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('inspection_result_media_name_key').on(t.resultId, t.kind, t.name)],
);

/** A tax of an estimate, as the store's settings had it when the estimate was made (docs/estimates.md). */
export interface EstimateTaxRecord {
  name: string;
  ratePercent: number;
  onLabour: boolean;
  onParts: boolean;
  onFees: boolean;
}

/** The estimate of an order (spec §3, issue 7): one per order; money in cents. */
export const estimates = pgTable(
  'estimates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    inspectionOrderId: uuid('inspection_order_id')
      .notNull()
      .references(() => inspectionOrders.id),
    /** Bumped by every change of its lines; an approval records the version the customer saw. */
    version: integer('version').notNull().default(1),
    currency: text('currency').notNull(),
    /** Cents per hour of labour. */
    labourRate: integer('labour_rate').notNull(),
    taxes: jsonb('taxes').$type<EstimateTaxRecord[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('estimates_order_key').on(t.inspectionOrderId), index('estimates_store_order_idx').on(t.storeId, t.inspectionOrderId)],
);

/** A line of an estimate: drawn from a warning or critical result's recommendation, or added by hand. */
export const estimateLines = pgTable(
  'estimate_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    estimateId: uuid('estimate_id')
      .notNull()
      .references(() => estimates.id, { onDelete: 'cascade' }),
    /** The result the line prices; null for a line added by hand (shop supplies, a diagnostic). */
    resultId: uuid('result_id').references(() => inspectionResults.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    labourHours: doublePrecision('labour_hours').notNull().default(0),
    /** [{ number, description, quantity, unitPrice }], unitPrice in cents. */
    parts: jsonb('parts')
      .$type<Array<{ number: string | null; description: string; quantity: number; unitPrice: number }>>()
      .notNull()
      .default([]),
    /** [{ description, amount }], amount in cents. */
    fees: jsonb('fees').$type<Array<{ description: string; amount: number }>>().notNull().default([]),
    rank: integer('rank').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('estimate_lines_estimate_idx').on(t.estimateId, t.rank, t.createdAt),
    // One drawn line per result.
    uniqueIndex('estimate_lines_result_key').on(t.estimateId, t.resultId).where(sql`${t.resultId} is not null`),
  ],
);

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

/** Each report sent (spec §4 "Report sending"): one row per channel and recipient, with its message. */
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
 * The approval audit trail (issue 7): append-only, a database trigger refuses updates and deletes.
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
