import { describe, expect, it } from 'vitest';
import {
  DASHBOARD_FILTERS,
  DASHBOARD_FILTER_TABLE,
  VARIANT_FILTERS,
  dashboardCounterQuery,
  dashboardLists,
  effectiveDashboardFilter,
  dashboardFilterQuery,
  dashboardCountQuery,
  dashboardHeaderCount,
  dashboardPageSize,
  readDashboardChoices,
  dashboardListParams,
  boardQuery,
  BOARD_SIZE,
  readDashboardView,
  type DashboardChoices,
  type DashboardContext,
} from './dashboard.js';
import { ORDER_STEPS } from './repair-order.js';
import { ZRepairOrderListQuery } from '../routes/repair-orders.js';

const me = '11111111-1111-4111-8111-111111111111';
const now = new Date(2026, 10, 22, 15, 30);
const context = (over: Partial<DashboardContext> = {}): DashboardContext => ({
  userId: me,
  role: 'ServiceAdvisor',
  variant: 'advisor',
  search: '',
  page: 0,
  now,
  ...over,
});
const choices = (over: Partial<DashboardChoices> = {}): DashboardChoices => ({
  filter: 'allVehicles',
  sorting: 'orderNumber,desc',
  waitingFirst: false,
  myVehicles: false,
  ...over,
});

describe('the filter table', () => {
  it('maps every dashboard filter to a list query', () => {
    expect(Object.keys(DASHBOARD_FILTER_TABLE).sort()).toEqual([...DASHBOARD_FILTERS].sort());
    expect(DASHBOARD_FILTERS).toHaveLength(12);
  });

  it.each([
    ['allVehicles', { vehicleInShop: true }],
    ['finished', { vehicleInShop: true, inspection: ['done'] }],
    ['inspecting', { vehicleInShop: true, inspection: ['pending', 'inProgress'] }],
    ['estimating', { vehicleInShop: true, estimate: ['pending', 'inProgress'] }],
    ['awaitingApproval', { vehicleInShop: true, approval: ['pending', 'inProgress'] }],
    ['reporting', { vehicleInShop: true, report: ['pending', 'inProgress'] }],
    [
      'awaitingParts',
      {
        vehicleInShop: true,
        parts: ['pending', 'inProgress', 'inProgressHaveOrdered', 'inProgressSomeParts'],
      },
    ],
    ['workingOnVehicle', { vehicleInShop: true, work: ['inProgress'] }],
    ['technicianBasicWaiting', { vehicleInShop: true, waiting: true }],
    ['technicianBasicAll', { vehicleInShop: true }],
  ] as const)('%s asks for open orders with %o, 10 a page, by RO', (filter, rule) => {
    expect(dashboardFilterQuery(filter, choices({ filter }), context())).toEqual({
      page: 0,
      size: 10,
      sorting: 'orderNumber,desc',
      closed: false,
      ...rule,
    });
  });

  it('appointments: not in the shop, scheduled from the start of today, by scheduled, 20 a page', () => {
    const query = dashboardFilterQuery(
      'appointments',
      choices({ filter: 'appointments', sorting: 'orderNumber,asc', waitingFirst: true }),
      context(),
    );
    expect(query).toEqual({
      page: 0,
      size: 20,
      sorting: 'scheduled,asc',
      vehicleInShop: false,
      closed: false,
      scheduledFrom: new Date(2026, 10, 22).toISOString(),
    });
    expect(dashboardPageSize('appointments')).toBe(20);
    expect(dashboardPageSize('allVehicles')).toBe(10);
  });

  it('matching vehicles: every open order matching the term, in the shop or not', () => {
    expect(dashboardFilterQuery('matchingVehicles', choices(), context({ search: '  1HGCM  ' }))).toEqual({
      page: 0,
      size: 10,
      sorting: 'orderNumber,desc',
      closed: false,
      search: '1HGCM',
    });
  });

  it('a search term turns any filter into matching vehicles', () => {
    expect(effectiveDashboardFilter({ filter: 'reporting' }, 'smith')).toBe('matchingVehicles');
    expect(effectiveDashboardFilter({ filter: 'reporting' }, '   ')).toBe('reporting');
  });

  it('sort ascending and waiting first pass through', () => {
    expect(
      dashboardFilterQuery(
        'allVehicles',
        choices({ sorting: 'orderNumber,asc', waitingFirst: true }),
        context(),
      ),
    ).toMatchObject({
      sorting: 'orderNumber,asc',
      waitingFirst: true,
    });
  });
});

describe('my vehicles', () => {
  it.each([
    'ServiceAdvisor',
    'ServiceWriter',
    'owner',
    'admin',
    'StoreManager',
    'ServiceManager',
    'GeneralManager',
  ])('%s: orders they advise', (role) => {
    const query = dashboardFilterQuery('allVehicles', choices({ myVehicles: true }), context({ role }));
    expect(query.serviceAdvisorId).toBe(me);
    expect(query.technicianId).toBeUndefined();
  });

  it.each(['Technician', 'MasterTechnician', 'SomethingNew'])('%s: orders they work on', (role) => {
    const query = dashboardFilterQuery(
      'allVehicles',
      choices({ myVehicles: true }),
      context({ role, variant: 'technicianV2' }),
    );
    expect(query.technicianId).toBe(me);
    expect(query.serviceAdvisorId).toBeUndefined();
  });

  it('off: nobody in particular', () => {
    const query = dashboardFilterQuery('allVehicles', choices(), context());
    expect(query.serviceAdvisorId).toBeUndefined();
    expect(query.technicianId).toBeUndefined();
  });
});

describe('lists on screen', () => {
  it('one list for advisors and V2 technicians', () => {
    const lists = dashboardLists(choices({ filter: 'estimating' }), context({ page: 2 }));
    expect(lists).toHaveLength(1);
    expect(lists[0]).toMatchObject({
      key: 'orders',
      query: { page: 2, estimate: ['pending', 'inProgress'] },
    });
  });

  it('basic technicians: their own orders first, then the others', () => {
    const lists = dashboardLists(
      choices({ filter: 'technicianBasicWaiting', myVehicles: true }),
      context({ role: 'Technician', variant: 'basicTechnician' }),
    );
    expect(lists.map((l) => l.key)).toEqual(['mine', 'others']);
    expect(lists[0]!.query).toMatchObject({ technicianId: me, waiting: true, vehicleInShop: true });
    expect(lists[0]!.query.not).toBeUndefined();
    expect(lists[1]!.query).toMatchObject({ not: me, waiting: true });
    expect(lists[1]!.query.technicianId).toBeUndefined();
  });

  it('counters: the filter on its first page, one row, whatever the sort', () => {
    const query = dashboardCounterQuery(
      'awaitingParts',
      choices({ sorting: 'orderNumber,asc', waitingFirst: true, myVehicles: true }),
      context({ page: 3 }),
    );
    expect(query).toMatchObject({
      page: 0,
      size: 1,
      parts: expect.any(Array),
      sorting: 'orderNumber,desc',
      serviceAdvisorId: me,
    });
    expect(query.waitingFirst).toBeUndefined();
  });

  it('the order count defaults to vehicles in the shop', () => {
    expect(dashboardCountQuery('allVehicles', '')).toEqual({ vehicleInShop: true });
    expect(dashboardCountQuery('reporting', '')).toEqual({ vehicleInShop: true });
    expect(dashboardCountQuery('appointments', '')).toBeNull();
    expect(dashboardCountQuery('appointments', 'ford')).toEqual({ search: 'ford' });
    expect(dashboardCountQuery('technicianBasicWaiting', '')).toEqual({ vehicleInShop: true, waiting: true });
    expect(dashboardCountQuery('allVehicles', ' ford ')).toEqual({ search: 'ford' });
  });

  it("counts the user's own vehicles in the header when My vehicles is on, as the list shows them", () => {
    const tech = context({ role: 'Technician', variant: 'technicianV2' });
    const mine = choices({ myVehicles: true, filter: 'inspecting' });
    const header = dashboardHeaderCount('inspecting', mine, tech);
    // The vehicles in the shop that are the technician's: the "All vehicles" chip's counter, same query.
    expect(header).toEqual({ kind: 'counter', filter: 'allVehicles', query: dashboardCounterQuery('allVehicles', mine, tech) });
    expect(header.kind === 'counter' && header.query).toMatchObject({ technicianId: me, vehicleInShop: true, size: 1 });
    // An advisor's My vehicles are the orders they advise on.
    const advisor = dashboardHeaderCount('allVehicles', choices({ myVehicles: true }), context());
    expect(advisor.kind === 'counter' && advisor.query).toMatchObject({ serviceAdvisorId: me, vehicleInShop: true });
    // Searching: the user's matches.
    const searching = dashboardHeaderCount('matchingVehicles', mine, { ...tech, search: ' ford ' });
    expect(searching).toMatchObject({ kind: 'counter', filter: 'matchingVehicles', query: { search: 'ford', technicianId: me } });
    // Off, or on the basic technician's lists (already split by technician): the count route.
    expect(dashboardHeaderCount('inspecting', choices(), tech)).toEqual({ kind: 'count', query: { vehicleInShop: true } });
    expect(dashboardHeaderCount('technicianBasicWaiting', mine, context({ role: 'Technician', variant: 'basicTechnician' }))).toEqual({
      kind: 'count',
      query: { vehicleInShop: true, waiting: true },
    });
    // Appointments are always their counter.
    expect(dashboardHeaderCount('appointments', choices(), context())).toMatchObject({ kind: 'counter', filter: 'appointments' });
  });

  it('query string: step-state lists as comma lists', () => {
    expect(
      dashboardListParams(dashboardFilterQuery('awaitingParts', choices({ waitingFirst: true }), context())),
    ).toEqual({
      page: 0,
      size: 10,
      sorting: 'orderNumber,desc',
      waitingFirst: true,
      vehicleInShop: true,
      closed: false,
      parts: 'pending,inProgress,inProgressHaveOrdered,inProgressSomeParts',
    });
  });
});

describe('saved choices: unknown values are ignored', () => {
  it('nothing saved: all vehicles, RO decreasing, no switches', () => {
    expect(readDashboardChoices(null, 'advisor')).toEqual({
      filter: 'allVehicles',
      sorting: 'orderNumber,desc',
      waitingFirst: false,
      myVehicles: false,
    });
    expect(readDashboardChoices({}, 'basicTechnician').filter).toBe('technicianBasicAll');
  });

  it('valid choices are restored', () => {
    expect(
      readDashboardChoices(
        { filter: 'appointments', sorting: 'orderNumber,asc', waitingFirst: true, myVehicles: true },
        'advisor',
      ),
    ).toEqual({
      filter: 'appointments',
      sorting: 'orderNumber,asc',
      waitingFirst: true,
      myVehicles: true,
    });
  });

  it('each unknown value falls back on its own', () => {
    expect(
      readDashboardChoices(
        { filter: 'bogus', sorting: 'orderNumber,asc', waitingFirst: 'yes', myVehicles: true },
        'advisor',
      ),
    ).toEqual({
      filter: 'allVehicles',
      sorting: 'orderNumber,asc',
      waitingFirst: false,
      myVehicles: true,
    });
    expect(
      readDashboardChoices({ filter: 'finished', sorting: 'date,desc', waitingFirst: true }, 'advisor'),
    ).toMatchObject({
      filter: 'finished',
      sorting: 'orderNumber,desc',
      waitingFirst: true,
    });
  });

  it('a filter the variant does not offer, or matching vehicles, is not restored', () => {
    expect(readDashboardChoices({ filter: 'technicianBasicWaiting' }, 'advisor').filter).toBe('allVehicles');
    expect(readDashboardChoices({ filter: 'reporting' }, 'basicTechnician').filter).toBe(
      'technicianBasicAll',
    );
    expect(readDashboardChoices({ filter: 'matchingVehicles' }, 'advisor').filter).toBe('allVehicles');
  });

  it('every variant offers its default filter', () => {
    for (const variant of ['advisor', 'technicianV2', 'basicTechnician'] as const) {
      expect(VARIANT_FILTERS[variant]).toContain(readDashboardChoices(null, variant).filter);
    }
  });
});

describe('the list route reads every query the table makes', () => {
  // Query strings are text: what the browser sends is String(value) of each parameter.
  const asQueryString = (params: Record<string, string | number | boolean>) =>
    Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)]));

  it.each(DASHBOARD_FILTERS.map((f) => [f] as const))('%s', (filter) => {
    const query = dashboardFilterQuery(
      filter,
      choices({ filter, waitingFirst: true, myVehicles: true }),
      context({ search: 'ford', page: 1 }),
    );
    const parsed = ZRepairOrderListQuery.parse(asQueryString(dashboardListParams(query)));
    const defined = (o: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
    expect(parsed).toMatchObject(
      defined({
        page: 1,
        size: query.size,
        sorting: query.sorting,
        waitingFirst: query.waitingFirst === true,
        closed: false,
        vehicleInShop: query.vehicleInShop,
        waiting: query.waiting,
        serviceAdvisorId: me,
        scheduledFrom: query.scheduledFrom,
        search: query.search,
      }),
    );
    for (const step of ORDER_STEPS) expect(parsed[step]).toEqual(query[step] ? [...query[step]] : undefined);
  });
});

describe('the job board', () => {
  it('is offered on the advisor dashboard only, and starts from the saved view', () => {
    expect(readDashboardView('board', 'advisor')).toBe('board');
    expect(readDashboardView('list', 'advisor')).toBe('list');
    for (const junk of [null, undefined, 'kanban', 1, true]) expect(readDashboardView(junk, 'advisor')).toBe('list');
    expect(readDashboardView('board', 'technicianV2')).toBe('list');
    expect(readDashboardView('board', 'basicTechnician')).toBe('list');
  });

  it("reads every open order in the shop at once, whatever the filter, with the user's sort, waiting first and my vehicles", () => {
    const query = boardQuery(
      choices({ filter: 'awaitingParts', sorting: 'orderNumber,asc', waitingFirst: true, myVehicles: true }),
      context({ page: 3 }),
    );
    expect(query).toEqual({
      page: 0,
      size: BOARD_SIZE,
      sorting: 'orderNumber,asc',
      waitingFirst: true,
      vehicleInShop: true,
      closed: false,
      serviceAdvisorId: me,
    });
    expect(BOARD_SIZE).toBe(100);
    expect(boardQuery(choices(), context({ search: '  ford ' }))).toMatchObject({ search: 'ford', vehicleInShop: true });
    // The list route takes it as it is (its largest page).
    const parsed = ZRepairOrderListQuery.parse(
      Object.fromEntries(Object.entries(dashboardListParams(boardQuery(choices(), context()))).map(([k, v]) => [k, String(v)])),
    );
    expect(parsed).toMatchObject({ size: 100, page: 0, vehicleInShop: true, closed: false });
  });
});
