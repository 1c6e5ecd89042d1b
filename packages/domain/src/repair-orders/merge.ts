import type { DashboardListQuery, StepFilterState } from './dashboard.js';
import { compareOrderNumberKeys, ORDER_STEPS, type OrderStep } from './repair-order.js';

/**
 * Live updates of an open dashboard: the order events of
 * `store/{storeId}/inspectionOrders/created|updated|removed` folded into a list page the server
 * sent. Pure; the staff app applies it to its query cache. Rules in docs/dashboard.md.
 */

/** What the reducer reads of an order: any presented inspection order fits. */
export interface MatchableOrder {
  _id: string;
  orderNumber: string | null;
  date?: string | null;
  waiting: boolean;
  vehicleInShop: boolean;
  scheduled: string | null;
  closed: boolean;
  serviceAdvisorId: string | null;
  technicianId: string | null;
  states: Partial<Record<OrderStep, string>>;
  _embedded?: {
    customer?: { firstName?: string | null; lastName?: string | null; business?: string | null } | null;
    vehicle?: {
      vin?: string | null;
      licensePlate?: string | null;
      fleetNumber?: string | null;
      make?: string | null;
      model?: string | null;
      year?: number | null;
    } | null;
  };
}

export type DashboardOrderEvent<O extends MatchableOrder> =
  { type: 'created'; order: O } | { type: 'updated'; order: O } | { type: 'removed'; id: string };

/** One page of a list as the dashboard holds it: the page's orders and the list's total. */
export interface OrderListPage<O extends MatchableOrder> {
  orders: readonly O[];
  total: number;
}

function searchableText(order: MatchableOrder): string {
  const customer = order._embedded?.customer;
  const vehicle = order._embedded?.vehicle;
  return [
    order.orderNumber,
    customer?.firstName,
    customer?.lastName,
    customer?.business,
    vehicle?.vin,
    vehicle?.licensePlate,
    vehicle?.fleetNumber,
    vehicle?.make,
    vehicle?.model,
    vehicle?.year,
  ]
    .filter((part) => part !== null && part !== undefined && part !== '')
    .join(' ')
    .toLowerCase();
}

/**
 * Whether an order belongs to a list query, evaluated in the browser with the list route's
 * meaning of each parameter. The search term is approximated (every word found among the order
 * number, names, business, VIN, plate, fleet number, year, make and model): live updates are
 * ignored while a term is active anyway, so the server's search stays the reference.
 */
export function matchesFilter(
  order: MatchableOrder,
  query: Omit<DashboardListQuery, 'page' | 'size' | 'sorting'>,
): boolean {
  if (query.closed !== undefined && Boolean(order.closed) !== query.closed) return false;
  if (query.vehicleInShop !== undefined && order.vehicleInShop !== query.vehicleInShop) return false;
  if (query.waiting !== undefined && order.waiting !== query.waiting) return false;
  for (const step of ORDER_STEPS) {
    const wanted: readonly StepFilterState[] | undefined = query[step];
    if (wanted && wanted.length > 0 && !wanted.includes(order.states[step] as StepFilterState)) return false;
  }
  if (query.serviceAdvisorId !== undefined && order.serviceAdvisorId !== query.serviceAdvisorId) return false;
  if (query.technicianId !== undefined && order.technicianId !== query.technicianId) return false;
  if (query.not !== undefined && order.technicianId === query.not) return false;
  if (query.scheduledFrom !== undefined) {
    if (!order.scheduled || Date.parse(order.scheduled) < Date.parse(query.scheduledFrom)) return false;
  }
  if (query.search) {
    const text = searchableText(order);
    if (
      !query.search
        .toLowerCase()
        .split(/\s+/)
        .filter(Boolean)
        .every((word) => text.includes(word))
    )
      return false;
  }
  return true;
}

/**
 * The list route's order, as a comparator: waiting first when asked, then the sort key (order
 * number, or scheduled), orders without one last; ties by creation date, newest first,
 * then id (descending, as the route). Order numbers compare as the list route sorts them (`orderNumberSortKey`: numbers
 * inside text as numbers). Used only to place a new order among those already shown.
 */
export function compareOrders(query: Pick<DashboardListQuery, 'sorting' | 'waitingFirst'>) {
  const [field, direction] = query.sorting.split(',') as ['orderNumber' | 'scheduled', 'asc' | 'desc'];
  const sign = direction === 'desc' ? -1 : 1;
  const waitingFirst = query.waitingFirst === true && field !== 'scheduled';
  return (a: MatchableOrder, b: MatchableOrder): number => {
    if (waitingFirst && a.waiting !== b.waiting) return a.waiting ? -1 : 1;
    const ka = field === 'scheduled' ? a.scheduled : a.orderNumber;
    const kb = field === 'scheduled' ? b.scheduled : b.orderNumber;
    if (ka !== kb) {
      if (ka === null || ka === undefined || ka === '') return 1;
      if (kb === null || kb === undefined || kb === '') return -1;
      const byKey = field === 'scheduled' ? Date.parse(ka) - Date.parse(kb) : compareOrderNumberKeys(ka, kb);
      if (byKey !== 0) return sign * Math.sign(byKey);
    }
    const byDate = Date.parse(b.date ?? '') - Date.parse(a.date ?? '');
    if (Number.isFinite(byDate) && byDate !== 0) return Math.sign(byDate);
    return a._id > b._id ? -1 : a._id < b._id ? 1 : 0;
  };
}

export interface DashboardMergeContext {
  /** The query the page was loaded with. */
  query: DashboardListQuery;
  /** A search term is typed: live updates are ignored. */
  searchActive: boolean;
}

/**
 * Folds one event into a page:
 * - while a search term is active, nothing changes;
 * - created for an order already shown is an update, updated for one not shown is a creation;
 * - an order that is closed or no longer matches the list's query leaves it, and the total drops
 *   (never below zero); an event for an order that was not shown and does not match changes nothing;
 * - an update of an order shown (still matching) is replaced where it stands, so a row does not
 *   jump under the user's finger;
 * - a new matching order counts in the total and is shown: on top when the customer is waiting,
 *   else where the list's sort order puts it (appointments by scheduled). A place before the first
 *   row of a later page, or after the last row of a full page, belongs to another page: counted,
 *   not shown. The page keeps its size (the last row moves on to the next page).
 * Returns the same object when nothing changed.
 */
export function mergeOrderEvent<O extends MatchableOrder>(
  page: OrderListPage<O>,
  event: DashboardOrderEvent<O>,
  context: DashboardMergeContext,
): OrderListPage<O> {
  if (context.searchActive) return page;
  const id = event.type === 'removed' ? event.id : event.order._id;
  const index = page.orders.findIndex((o) => o._id === id);
  const known = index >= 0;
  const drop = (): OrderListPage<O> => ({
    orders: page.orders.filter((_, i) => i !== index),
    total: Math.max(0, page.total - 1),
  });

  if (event.type === 'removed') return known ? drop() : page;

  const order = event.order;
  const belongs = !order.closed && matchesFilter(order, context.query);
  if (!belongs) return known ? drop() : page;
  if (known) {
    const orders = page.orders.slice();
    orders[index] = order;
    return { orders, total: page.total };
  }

  const total = page.total + 1;
  const { page: pageNumber, size } = context.query;
  const compare = compareOrders(context.query);
  const onTop = order.waiting && context.query.sorting !== 'scheduled,asc';
  let position = onTop ? 0 : page.orders.findIndex((o) => compare(order, o) < 0);
  if (position < 0) position = page.orders.length;
  if (position === 0 && pageNumber > 0) return { orders: page.orders, total };
  if (position >= size) return { orders: page.orders, total };
  const orders = [...page.orders.slice(0, position), order, ...page.orders.slice(position)].slice(0, size);
  return { orders, total };
}
