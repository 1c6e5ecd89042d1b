import { LIMITS } from '../limits.js';
import { isRole } from '../roles.js';
import { myVehiclesField } from '../permissions.js';
import type { DashboardVariant } from '../identity/home.js';
import type { PartsState } from './repair-order.js';

/**
 * The dashboard's filters, sort orders and switches, with their page sizes and defaults, as the
 * list queries of the repair-order list route (`GET /v2/api/store/:storeId/inspectionOrder`). Pure:
 * the staff app, the merge reducer (merge.ts) and docs/dashboard.md share one table.
 */

export const DASHBOARD_FILTERS = [
  'allVehicles',
  'finished',
  'inspecting',
  'estimating',
  'awaitingApproval',
  'reporting',
  'awaitingParts',
  'workingOnVehicle',
  'appointments',
  'matchingVehicles',
  'technicianBasicWaiting',
  'technicianBasicAll',
] as const;
export type DashboardFilter = (typeof DASHBOARD_FILTERS)[number];

export const DASHBOARD_SORTINGS = ['orderNumber,desc', 'orderNumber,asc'] as const;
export type DashboardSorting = (typeof DASHBOARD_SORTINGS)[number];
/** The appointments list is always in the order the vehicles are expected. */
export type ListSorting = DashboardSorting | 'scheduled,asc';

/** Default filter all vehicles, default sort RO decreasing. */
export const DEFAULT_DASHBOARD_FILTER: DashboardFilter = 'allVehicles';
export const DEFAULT_DASHBOARD_SORTING: DashboardSorting = 'orderNumber,desc';

/** Step states a list filter may name: parts has two more, shown as inProgress. */
export type StepFilterState = PartsState;

/**
 * One list query, with the list route's parameter names. Step-state filters are lists of states
 * (sent as a comma list); a missing key does not filter.
 */
export interface DashboardListQuery {
  page: number;
  size: number;
  sorting: ListSorting;
  waitingFirst?: true;
  vehicleInShop?: boolean;
  waiting?: boolean;
  closed?: boolean;
  search?: string;
  inspection?: readonly StepFilterState[];
  estimate?: readonly StepFilterState[];
  approval?: readonly StepFilterState[];
  report?: readonly StepFilterState[];
  parts?: readonly StepFilterState[];
  work?: readonly StepFilterState[];
  serviceAdvisorId?: string;
  technicianId?: string;
  /** Orders NOT held by this technician (unassigned ones included). */
  not?: string;
  /** ISO instant: appointments scheduled from then on. */
  scheduledFrom?: string;
}

type FilterRule = Pick<
  DashboardListQuery,
  'vehicleInShop' | 'waiting' | 'inspection' | 'estimate' | 'approval' | 'report' | 'parts' | 'work'
>;

const WAITING_OR_RUNNING: readonly StepFilterState[] = ['pending', 'inProgress'];
const PARTS_OUTSTANDING: readonly StepFilterState[] = [
  'pending',
  'inProgress',
  'inProgressHaveOrdered',
  'inProgressSomeParts',
];

/**
 * THE table: what each dashboard filter asks of the list route. Every filter also sends
 * closed=false (a closed order has left the dashboard). The appointments row adds
 * scheduledFrom = start of today and sorting=scheduled,asc; matching vehicles is the
 * list shown while a search term is typed: every open order, in the shop or not, that matches.
 * docs/dashboard.md gives the reasons for each row.
 */
export const DASHBOARD_FILTER_TABLE: Readonly<Record<DashboardFilter, FilterRule>> = {
  allVehicles: { vehicleInShop: true },
  finished: { vehicleInShop: true, inspection: ['done'] },
  inspecting: { vehicleInShop: true, inspection: WAITING_OR_RUNNING },
  estimating: { vehicleInShop: true, estimate: WAITING_OR_RUNNING },
  awaitingApproval: { vehicleInShop: true, approval: WAITING_OR_RUNNING },
  reporting: { vehicleInShop: true, report: WAITING_OR_RUNNING },
  awaitingParts: { vehicleInShop: true, parts: PARTS_OUTSTANDING },
  workingOnVehicle: { vehicleInShop: true, work: ['inProgress'] },
  appointments: { vehicleInShop: false },
  matchingVehicles: {},
  technicianBasicWaiting: { vehicleInShop: true, waiting: true },
  technicianBasicAll: { vehicleInShop: true },
};

/** The filters each dashboard variant offers, in display order (matching vehicles comes with a search). */
export const VARIANT_FILTERS: Readonly<Record<DashboardVariant, readonly DashboardFilter[]>> = {
  advisor: [
    'allVehicles',
    'inspecting',
    'estimating',
    'awaitingApproval',
    'awaitingParts',
    'workingOnVehicle',
    'reporting',
    'finished',
    'appointments',
  ],
  technicianV2: [
    'allVehicles',
    'inspecting',
    'estimating',
    'awaitingApproval',
    'awaitingParts',
    'workingOnVehicle',
    'reporting',
    'finished',
    'appointments',
  ],
  basicTechnician: ['technicianBasicAll', 'technicianBasicWaiting'],
};

export function isDashboardFilter(value: unknown): value is DashboardFilter {
  return typeof value === 'string' && (DASHBOARD_FILTERS as readonly string[]).includes(value);
}

export function isDashboardSorting(value: unknown): value is DashboardSorting {
  return typeof value === 'string' && (DASHBOARD_SORTINGS as readonly string[]).includes(value);
}

/** The user's choices (saved on the worker: sorting, filter, waitingFirst, myVehicles). */
export interface DashboardChoices {
  filter: DashboardFilter;
  sorting: DashboardSorting;
  waitingFirst: boolean;
  myVehicles: boolean;
}

/** What the user record (or a URL) holds; any value may be stale, foreign or junk. */
export interface SavedDashboardChoices {
  filter?: unknown;
  sorting?: unknown;
  waitingFirst?: unknown;
  myVehicles?: unknown;
}

/** The variant's first filter when nothing valid was saved: all vehicles, or the basic technician's "all". */
export function defaultDashboardFilter(variant: DashboardVariant): DashboardFilter {
  return variant === 'basicTechnician' ? 'technicianBasicAll' : DEFAULT_DASHBOARD_FILTER;
}

/**
 * The choices to start from. Unknown filter, sort or waiting-first values are ignored:
 * each falls back to its default on its own. A filter the variant does not offer (a technician
 * moved to another workflow) counts as unknown; matching vehicles is never restored, since the
 * search term that made it is not saved.
 */
export function readDashboardChoices(
  saved: SavedDashboardChoices | null | undefined,
  variant: DashboardVariant,
): DashboardChoices {
  const filter = saved?.filter;
  return {
    filter:
      isDashboardFilter(filter) && VARIANT_FILTERS[variant].includes(filter)
        ? filter
        : defaultDashboardFilter(variant),
    sorting: isDashboardSorting(saved?.sorting) ? saved.sorting : DEFAULT_DASHBOARD_SORTING,
    waitingFirst: typeof saved?.waitingFirst === 'boolean' ? saved.waitingFirst : false,
    myVehicles: typeof saved?.myVehicles === 'boolean' ? saved.myVehicles : false,
  };
}

/** The advisor dashboard's two views: the list of cards, or the job board (columns by stage). */
export const DASHBOARD_VIEWS = ['list', 'board'] as const;
export type DashboardView = (typeof DASHBOARD_VIEWS)[number];

/**
 * The view to start from: the saved one on the advisor dashboard; the list anywhere else (the
 * technicians' dashboards have no board) and for anything unknown.
 */
export function readDashboardView(saved: unknown, variant: DashboardVariant): DashboardView {
  if (variant !== 'advisor') return 'list';
  return saved === 'board' ? 'board' : 'list';
}

/**
 * How many orders the job board reads at once: the list route's largest page. The board shows a
 * shop's whole floor; a shop with more open orders in the bay is told the board shows the first.
 */
export const BOARD_SIZE = 100;

/**
 * The job board's one list: every open order in the shop (the "all vehicles" list, my vehicles
 * when switched on), its first BOARD_SIZE in the chosen sort, the search term when one is typed.
 * Its columns come from each order's stage (`orderStage`), not from the filters.
 */
export function boardQuery(choices: DashboardChoices, context: DashboardContext): DashboardListQuery {
  const base = dashboardFilterQuery('allVehicles', choices, { ...context, page: 0 });
  const term = context.search.trim();
  return { ...base, size: BOARD_SIZE, ...(term && { search: term }) };
}

/** Page size: 10 orders, 20 appointments. */
export function dashboardPageSize(filter: DashboardFilter): number {
  return filter === 'appointments' ? LIMITS.pageSize.appointments : LIMITS.pageSize.orders;
}

/** Midnight at the start of `now`'s day, in the device's time zone: appointments are listed from there. */
export function startOfLocalDay(now: Date): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

export interface DashboardContext {
  /** The signed-in user's id. */
  userId: string;
  /** The acting role (lastRoleUsed, else type): decides whose "my vehicles" are meant. */
  role: string;
  variant: DashboardVariant;
  /** Trimmed search term, '' for none. */
  search: string;
  page: number;
  now: Date;
}

/** The filter in force: a search term turns any list into matching vehicles. */
export function effectiveDashboardFilter(
  choices: Pick<DashboardChoices, 'filter'>,
  search: string,
): DashboardFilter {
  return search.trim() ? 'matchingVehicles' : choices.filter;
}

/** "My vehicles": the advisor's orders for owners, managers and advisors, the technician's for the others. */
export function myVehiclesQuery(
  role: string,
  userId: string,
): Pick<DashboardListQuery, 'serviceAdvisorId' | 'technicianId'> {
  // An unknown role is no advisor: it sees the orders it works on.
  const field = isRole(role) ? myVehiclesField(role) : 'technicianId';
  return { [field]: userId };
}

/**
 * The query of one filter, unsplit: the basis of the list and of the filter's counter. Sort and
 * waiting first do not apply to appointments, which are always in scheduled order.
 */
export function dashboardFilterQuery(
  filter: DashboardFilter,
  choices: DashboardChoices,
  context: DashboardContext,
): DashboardListQuery {
  const rule = DASHBOARD_FILTER_TABLE[filter];
  const appointments = filter === 'appointments';
  const query: DashboardListQuery = {
    page: context.page,
    size: dashboardPageSize(filter),
    sorting: appointments ? 'scheduled,asc' : choices.sorting,
    ...(choices.waitingFirst && !appointments && { waitingFirst: true as const }),
    ...rule,
    closed: false,
    ...(appointments && { scheduledFrom: startOfLocalDay(context.now).toISOString() }),
    ...(filter === 'matchingVehicles' && context.search.trim() && { search: context.search.trim() }),
  };
  // The basic technician's two lists already split the orders by technician.
  if (choices.myVehicles && context.variant !== 'basicTechnician')
    Object.assign(query, myVehiclesQuery(context.role, context.userId));
  return query;
}

/** One list the dashboard shows: its key (for the cache and the heading) and its query. */
export interface DashboardList {
  key: 'orders' | 'mine' | 'others';
  query: DashboardListQuery;
}

/**
 * The list(s) on screen. Basic-workflow technicians without the advisor-dashboard option
 * (variant basicTechnician) see their own orders first, then the others: two queries,
 * technicianId=me and not=me, shown one after the other.
 */
export function dashboardLists(choices: DashboardChoices, context: DashboardContext): DashboardList[] {
  const filter = effectiveDashboardFilter(choices, context.search);
  const query = dashboardFilterQuery(filter, choices, context);
  if (context.variant !== 'basicTechnician') return [{ key: 'orders', query }];
  return [
    { key: 'mine', query: { ...query, technicianId: context.userId } },
    { key: 'others', query: { ...query, not: context.userId } },
  ];
}

/**
 * The query behind a filter's counter: its list, first page, one row (the page's total is the
 * count). Order does not change a count, so sort and waiting first are left at their defaults and
 * a change of either does not ask every counter again.
 */
export function dashboardCounterQuery(
  filter: DashboardFilter,
  choices: DashboardChoices,
  context: DashboardContext,
): DashboardListQuery {
  const neutral = { ...choices, sorting: DEFAULT_DASHBOARD_SORTING, waitingFirst: false };
  return { ...dashboardFilterQuery(filter, neutral, { ...context, page: 0 }), size: 1 };
}

/**
 * The order count in the header (`GET .../inspectionOrder/count`): vehicles in the shop by default,
 * the matches while searching, the waiting ones on the basic technician's waiting list. On the
 * appointments list there is no count query (null): the header shows the appointments counter,
 * the list's own total, since an appointment counts only from the start of today (and only the
 * user's with my vehicles), which the count route's parameters cannot say.
 */
export function dashboardCountQuery(
  filter: DashboardFilter,
  search: string,
): { vehicleInShop?: boolean; waiting?: boolean; search?: string } | null {
  const term = search.trim();
  if (term) return { search: term };
  if (filter === 'appointments') return null;
  if (filter === 'technicianBasicWaiting') return { vehicleInShop: true, waiting: true };
  return { vehicleInShop: true };
}

/** How the header's count is asked: the count route, or a filter's counter (the total of its list). */
export type DashboardHeaderCount =
  | { kind: 'count'; query: { vehicleInShop?: boolean; waiting?: boolean; search?: string } }
  | { kind: 'counter'; filter: DashboardFilter; query: DashboardListQuery };

/**
 * The header's count, of what the lists below it hold: with "My vehicles" on (where it applies:
 * not the basic technician's two lists, already split by technician) the count route cannot say
 * whose orders to count, so the header reads the counter of the user's vehicles in the shop (the
 * same query, and cache, as the "All vehicles" chip's), of the user's matches while searching, or
 * of the appointments; otherwise dashboardCountQuery.
 */
export function dashboardHeaderCount(
  filter: DashboardFilter,
  choices: DashboardChoices,
  context: DashboardContext,
): DashboardHeaderCount {
  const mine = choices.myVehicles && context.variant !== 'basicTechnician';
  const plain = dashboardCountQuery(filter, context.search);
  if (plain && !mine) return { kind: 'count', query: plain };
  const counted: DashboardFilter = context.search.trim()
    ? 'matchingVehicles'
    : filter === 'appointments'
      ? 'appointments'
      : 'allVehicles';
  return { kind: 'counter', filter: counted, query: dashboardCounterQuery(counted, choices, context) };
}

/** The list route's query string values: step-state lists become comma lists, the rest as is. */
export function dashboardListParams(query: DashboardListQuery): Record<string, string | number | boolean> {
  const params: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    params[key] = Array.isArray(value) ? value.join(',') : (value as string | number | boolean);
  }
  return params;
}
