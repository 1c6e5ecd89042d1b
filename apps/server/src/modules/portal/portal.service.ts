import {
  type Appointment,
  AppError,
  DEFAULT_COUNTRY,
  findItem,
  isCountry,
  LIMITS,
  OFTEN_REQUIRED_WORK,
  oftenRequiredWorkItem,
  OTHER_FINDING,
  PORTAL_LIMITS,
  seasonAt,
  storedStoreTimeZone,
  ZInspectionDefinition,
  ZOpenDay,
  errors,
  nextMaintenanceMileage,
  type AnalyticsEvent,
  type DeferredItem,
  type Household,
  type PortalCustomer,
  type PortalDashboard,
  type PortalOrder,
  type PortalStore,
  type PortalVehicle,
  type PortalVehicles,
  type TodoItem,
  type VehicleOverview,
} from '@servicebay/domain';
import { z } from 'zod';
import type { PortalRepository, TodoRow } from './portal.repository.js';

/** What the portal needs of other modules, plugged in by the composition root. */
export interface PortalDeps {
  repo: PortalRepository;
  /** A store row as the stores module keeps it. */
  store: (storeId: string) => Promise<{
    id: string;
    name: string;
    franchiseName: string | null;
    phoneNo: string | null;
    address: string | null;
    country: string;
    state: string | null;
    openTime: unknown;
    settings: unknown;
  } | null>;
  /** The vehicle's next appointment, requested or confirmed (the appointments service). */
  nextAppointment: (storeId: string, vehicleId: string) => Promise<Appointment | null>;
  /** The customer's household as the customers module presents it (vehicles with their pictures). */
  household: (storeId: string, customerId: string) => Promise<Household>;
  /** Events one user may log per minute. */
  eventLimiter: { hit(key: string): boolean };
  now?: () => Date;
}

const ZStoredOpenTime = z.array(ZOpenDay).catch([]);

const presentTodo = (row: TodoRow): TodoItem => ({
  _id: row.id,
  vehicleId: row.vehicleId,
  value: row.value,
  itemId: row.itemId,
  createdAt: row.createdAt.toISOString(),
});

/** A result's name, finding and recommendation in both languages: typed texts win over the template's. */
function deferredTexts(
  definition: unknown,
  r: { itemKey: string; finding: string | null; recommendation: string | null; findingText: string | null; recommendationText: string | null },
) {
  const parsed = ZInspectionDefinition.safeParse(definition);
  const located = parsed.success ? findItem(parsed.data, r.itemKey) : null;
  const finding = r.finding && r.finding !== OTHER_FINDING ? located?.item.findings.find((f) => f.key === r.finding) : undefined;
  const recommendation = finding?.recommendations.find((x) => x.key === r.recommendation);
  const both = (typed: string | null, template: { en: string; fr: string } | undefined) =>
    typed ? { en: typed, fr: typed } : (template ?? null);
  return {
    name: located?.item.name ?? { en: r.itemKey, fr: r.itemKey },
    finding: both(r.findingText, finding?.text),
    recommendation: both(r.recommendationText, recommendation?.text),
  };
}

const presentVehicle = (v: Household['vehicles'][number]): PortalVehicle => ({
  _id: v._id,
  year: v.year ?? null,
  make: v.make ?? null,
  model: v.model ?? null,
  engine: v.engine ?? null,
  color: v.color ?? null,
  fleetNumber: v.fleetNumber ?? null,
  licensePlate: v.licensePlate ?? null,
  picture: v.picture ?? null,
  latestInspectionPicture: v.latestInspectionPicture ?? null,
});

export function createPortalService(deps: PortalDeps) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());
  const service = {
    /** The dashboard's first read: the store, the customer and the household's vehicles. */
    async dashboard(storeId: string, customerId: string): Promise<PortalDashboard> {
      const [store, household] = await Promise.all([service.store(storeId), deps.household(storeId, customerId)]);
      const own = household.customers.find((c) => c._id === customerId);
      // The access rule let in only the customer's own user: a household without it is gone.
      if (!own) throw errors.notFound();
      const customer: PortalCustomer = {
        _id: own._id,
        firstName: own.firstName,
        lastName: own.lastName,
        business: own.business,
        fleetPicture: own.fleetPicture ? { url: own.fleetPicture.url, name: own.fleetPicture.name } : null,
      };
      return { store, customer, vehicles: household.vehicles.map(presentVehicle) };
    },

    /** The dashboard's read for one vehicle: its first page of closed orders, deferred work, to-dos. */
    async overview(storeId: string, vehicleId: string): Promise<VehicleOverview> {
      const [orders, deferredItems, todos, appointment] = await Promise.all([
        service.closedOrders(storeId, vehicleId, 0, LIMITS.pageSize.orders),
        service.deferredItems(storeId, vehicleId),
        service.todos(storeId, vehicleId),
        deps.nextAppointment(storeId, vehicleId),
      ]);
      return { orders, deferredItems, todos, appointment, nextMaintenanceMileage: nextMaintenanceMileage(orders.orders) };
    },

    async store(storeId: string): Promise<PortalStore> {
      const row = await deps.store(storeId);
      if (!row) throw errors.notFound();
      const country = isCountry(row.country) ? row.country : DEFAULT_COUNTRY;
      return {
        _id: row.id,
        name: row.name,
        franchiseName: row.franchiseName,
        phoneNo: row.phoneNo,
        address: row.address,
        country,
        state: row.state,
        openTime: ZStoredOpenTime.parse(row.openTime),
        timeZone: storedStoreTimeZone(row),
      };
    },

    /** The household's vehicles, and the customer's own fleet logo (the fleet list shows it). */
    async vehicles(storeId: string, customerId: string): Promise<PortalVehicles> {
      const household = await deps.household(storeId, customerId);
      const vehicles = household.vehicles.map(presentVehicle);
      const fleetPicture = household.customers.find((c) => c._id === customerId)?.fleetPicture ?? null;
      return { vehicles, fleetPicture };
    },

    async closedOrders(storeId: string, vehicleId: string, page: number, size: number) {
      const { rows, counts, total } = await repo.closedOrders(storeId, vehicleId, page, size);
      const orders: PortalOrder[] = rows.map((r) => {
        const mine = counts.filter((c) => c.orderId === r.id);
        const n = (result: string) => mine.find((c) => c.result === result)?.n ?? 0;
        return {
          _id: r.id,
          orderNumber: r.orderNumber,
          date: r.createdAt.toISOString(),
          closedAt: r.closedAt?.toISOString() ?? null,
          mileageIn: r.mileageIn,
          counts: { okay: n('okay'), warning: n('warning'), critical: n('critical') },
        };
      });
      return { orders, page: { size, totalElements: total, totalPages: Math.ceil(total / size), number: page } };
    },

    async deferredItems(storeId: string, vehicleId: string): Promise<DeferredItem[]> {
      const rows = await repo.deferredItems(storeId, vehicleId);
      return rows
        .filter((r) => r.result === 'warning' || r.result === 'critical')
        .map((r) => ({
          resultId: r.resultId,
          inspectionOrderId: r.inspectionOrderId,
          orderNumber: r.orderNumber,
          date: r.orderCreatedAt.toISOString(),
          itemKey: r.itemKey,
          result: r.result as 'warning' | 'critical',
          ...deferredTexts(r.definition, r),
        }));
    },

    async todos(storeId: string, vehicleId: string): Promise<TodoItem[]> {
      return (await repo.todos(storeId, vehicleId)).map(presentTodo);
    },

    async addTodo(storeId: string, vehicleId: string, userId: string, body: { value: string; itemId?: string | null | undefined }) {
      const itemId = body.itemId ?? null;
      if (itemId !== null && !oftenRequiredWorkItem(itemId)) throw errors.invalid('itemId: must be an often-required-work item');
      const row = await repo.insertTodo({ storeId, vehicleId, value: body.value, itemId, createdBy: userId }, PORTAL_LIMITS.todosPerVehicle);
      if (!row) {
        throw new AppError(409, 'TODO_LIMIT_REACHED', `a vehicle holds at most ${PORTAL_LIMITS.todosPerVehicle} to-do items`);
      }
      return presentTodo(row);
    },

    async removeTodo(storeId: string, itemId: string) {
      if (!(await repo.deleteTodo(storeId, itemId))) throw errors.notFound();
    },

    oftenRequiredWork() {
      return { season: seasonAt(now()), items: OFTEN_REQUIRED_WORK.map((i) => ({ ...i })) };
    },

    async logEvent(caller: { userId: string; customerId: string | null; storeId: string | null }, eventName: AnalyticsEvent, data: Record<string, unknown>) {
      // A portal user always carries its customer's store; one without is no customer of a shop.
      if (!caller.storeId) throw errors.notFound();
      if (!deps.eventLimiter.hit(caller.userId)) throw new AppError(429, 'TOO_MANY_REQUESTS', 'Too many events; try again in a minute');
      await repo.insertEvent({ storeId: caller.storeId, customerId: caller.customerId, userId: caller.userId, eventName, data });
    },
  };
  return service;
}

export type PortalService = ReturnType<typeof createPortalService>;
