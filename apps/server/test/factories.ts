import { randomUUID } from 'node:crypto';
import { roleReach, type Role } from '@servicebay/domain';
import type { Db } from '../src/platform/db/client.js';
import { accounts, partners, stores } from '../src/platform/db/schema/tenancy.js';
import { users } from '../src/platform/db/schema/users.js';
import type { Principal } from '../src/platform/auth/principal.js';
import type { TokenService } from '../src/platform/auth/tokens.js';
import { createCustomersRepository, type NewCustomer, type NewVehicle } from '../src/modules/customers/customers.repository.js';
import { createCoursesRepository, type NewCourse } from '../src/modules/training/training.repository.js';
import { createRepairOrdersRepository, type NewOrder } from '../src/modules/repair-orders/repair-orders.repository.js';
import { orderNumberSortKey, type InspectionDefinition } from '@servicebay/domain';
import { createInspectionsRepository, type NewResult } from '../src/modules/inspections/inspections.repository.js';
import { MULTI_POINT_INSPECTION_ID, PRODUCT_TEMPLATES } from '../src/modules/inspections/templates.js';

/** Test data, built by each test for itself. */
export function factories(db: Db) {
  return {
    async partner(name = 'Partner') {
      const [row] = await db.insert(partners).values({ name }).returning();
      return row!;
    },
    async account(partnerId: string | null = null, name = 'Account') {
      const [row] = await db.insert(accounts).values({ name, partnerId }).returning();
      return row!;
    },
    /** A store with its own account and partner, unless they are given. */
    async store(opts: { accountId?: string; partnerId?: string | null; name?: string } = {}) {
      const partnerId = opts.partnerId === undefined ? (await this.partner()).id : opts.partnerId;
      const accountId = opts.accountId ?? (await this.account(partnerId)).id;
      const [row] = await db
        .insert(stores)
        .values({ name: opts.name ?? 'Store', accountId, partnerId })
        .returning();
      return row!;
    },
    /** A user of the given role, placed at the level its role reaches in the given store. */
    async user(role: Role, store: { id: string; accountId: string; partnerId: string | null }, extra: { customerId?: string } = {}) {
      const reach = roleReach(role);
      const [row] = await db
        .insert(users)
        .values({
          username: `${role.toLowerCase()}-${randomUUID().slice(0, 8)}`,
          type: role,
          storeId: reach === 'store' || reach === 'customer' ? store.id : null,
          accountId: reach === 'account' || reach === 'store' ? store.accountId : null,
          partnerId: store.partnerId,
          customerId: extra.customerId ?? null,
        })
        .returning();
      return row!;
    },
    /** A customer of the store, in a household of its own unless one is given. */
    async customer(store: { id: string }, fields: Partial<Omit<NewCustomer, 'storeId'>> = {}) {
      return createCustomersRepository(db).insertCustomer({ firstName: 'Pat', lastName: 'Sample', ...fields, storeId: store.id });
    },
    /** A vehicle in the given household (a new customer's household when none is given). */
    async vehicle(store: { id: string }, fields: Partial<Omit<NewVehicle, 'storeId'>> = {}) {
      const householdId = fields.householdId ?? (await this.customer(store)).householdId;
      return createCustomersRepository(db).insertVehicle({ make: 'Honda', model: 'Civic', year: 2018, ...fields, householdId, storeId: store.id });
    },
    /** An open inspection order of the store, for a new customer's new vehicle unless they are given. */
    async inspectionOrder(store: { id: string }, fields: Partial<Omit<NewOrder, 'storeId'>> = {}) {
      let { customerId, vehicleId } = fields;
      if (!customerId || !vehicleId) {
        const customer = await this.customer(store);
        const vehicle = await this.vehicle(store, { householdId: customer.householdId });
        customerId = customer.id;
        vehicleId = vehicle.id;
      }
      return createRepairOrdersRepository(db).insert({
        ...fields,
        orderNumberKey: orderNumberSortKey(fields.orderNumber ?? null),
        storeId: store.id,
        customerId,
        vehicleId,
      });
    },
    /** An inspection type of the store's own (a copy of the multi-point template unless given). */
    async inspectionType(store: { id: string }, fields: { name?: string; state?: string; definition?: InspectionDefinition } = {}) {
      const template = PRODUCT_TEMPLATES.find((t) => t.id === MULTI_POINT_INSPECTION_ID)!;
      return createInspectionsRepository(db).insertType({
        storeId: store.id,
        name: fields.name ?? `Store inspection ${randomUUID().slice(0, 6)}`,
        state: fields.state ?? 'active',
        definition: fields.definition ?? template.definition,
      });
    },
    /** A result of an order of the store (a new order of the multi-point template unless given). */
    async result(store: { id: string }, fields: Partial<Omit<NewResult, 'storeId'>> = {}) {
      const orderId = fields.inspectionOrderId ?? (await this.inspectionOrder(store, { inspectionType: MULTI_POINT_INSPECTION_ID })).id;
      return createInspectionsRepository(db).insertResult({
        groupKey: 'underHood',
        sectionKey: 'fluids',
        itemKey: 'engineOil',
        ...fields,
        storeId: store.id,
        inspectionOrderId: orderId,
      });
    },
    /** A training course (courses are the product's, shared by every store). */
    async course(fields: Partial<NewCourse> = {}) {
      return createCoursesRepository(db).insertCourse({ titleEn: 'Course', titleFr: 'Cours', sections: [], ...fields });
    },
  };
}

export function principalOf(user: typeof users.$inferSelect): Principal {
  return {
    id: user.id,
    type: user.type as Role,
    username: user.username,
    storeId: user.storeId,
    accountId: user.accountId,
    partnerId: user.partnerId,
    customerId: user.customerId,
    isUserOfInactiveStore: false,
  };
}

export async function bearer(tokens: TokenService, user: typeof users.$inferSelect) {
  return { authorization: `Bearer ${await tokens.signAccess(principalOf(user))}` };
}
