import { useEffect, useState } from 'react';
import {
  Badge,
  Button,
  Chip,
  CloseButton,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  actingRole,
  boardQuery,
  dashboardHeaderCount,
  dashboardCounterQuery,
  dashboardLists,
  dashboardPageSize,
  effectiveDashboardFilter,
  LIMITS,
  VARIANT_FILTERS,
  type DashboardChoices,
  type DashboardFilter,
  type DashboardList,
  type DashboardSorting,
  type DashboardVariant,
  type Store,
  type User,
} from '@servicebay/domain';
import { useServices } from '../../context.js';
import { useThrottledValue } from '../customers/throttle.js';
import { OrderListSection } from './OrderListSection.js';
import { JobBoard } from './JobBoard.js';
import { orderCounterQuery, orderCountQuery, orderListQuery, type OrderList } from './orders-api.js';
import { useDashboardChoices } from './useDashboardChoices.js';
import { VinScanButton } from '../vin-scan/index.js';
import { useLiveOrders } from './useLiveOrders.js';
import { TextsPanel } from '../texting/TextsPanel.js';
import { cardViewOf } from './technician-view.js';
import { countLabelKey, emptyTextKey, listTitleKey, showsCalendar, withPages } from './dashboard-view.js';
import {
  highlightedOrder,
  readDashboardMemory,
  sessionStore,
  writeDashboardMemory,
} from './dashboard-memory.js';
import './dashboard.css';

type PageByList = Partial<Record<DashboardList['key'], number>>;

/**
 * The dashboard's orders: filters with their
 * counters, sort by RO, waiting first, my vehicles, the search box (throttled 1500 ms), the
 * appointments calendar, the list(s) with pages, kept live by the store's order events. Basic
 * technicians see their own orders, then the others. The search, pages and scroll position are
 * kept for the tab while the user is away on an order (`dashboard-memory.ts`); an order named by
 * the navigation state (its report just sent) is brought into view, highlighted. Rules and
 * table: docs/dashboard.md.
 */
export function DashboardScreen({
  user,
  store,
  storeId,
  variant,
}: {
  user: User;
  store: Pick<Store, 'technicianUseSADashboard'> | null;
  storeId: string;
  variant: DashboardVariant;
}) {
  const { t } = useTranslation('dashboard');
  const { api } = useServices();
  const { choices, change, view, changeView } = useDashboardChoices(user, store, storeId, variant);
  const board = view === 'board';
  const [memory] = useState(() => readDashboardMemory(sessionStore(), user._id, variant));
  const [searchText, setSearchText] = useState(memory.search);
  const search = useThrottledValue(searchText.trim(), LIMITS.searchThrottleMs);
  const [pages, setPages] = useState<PageByList>(memory.pages);
  const highlight = useHighlight();
  const [calendar, setCalendar] = useState(false);
  // The day the dashboard was opened: appointments are "from the start of today".
  const [now] = useState(() => new Date());
  const live = useLiveOrders(storeId);
  // A VIN scanned for the dashboard (camera, or the external scanner through the user's
  // vinScannedFromDashboard topic, which the button listens to) searches the orders by it.
  const searchVin = (vin: string) => {
    setPages({});
    setSearchText(vin);
  };

  const filter = effectiveDashboardFilter(choices, search);
  const context = { userId: user._id, role: actingRole(user), variant, search, page: 0, now };
  const lists = withPages(dashboardLists(choices, context), pages);
  const appointments = filter === 'appointments';
  const offered = VARIANT_FILTERS[variant];

  useEffect(() => {
    writeDashboardMemory(sessionStore(), user._id, variant, { search: searchText, pages });
  }, [searchText, pages, user._id, variant]);

  const listResults = useQueries({
    queries: lists.map((list) => ({
      ...orderListQuery(api, storeId, list.query),
      placeholderData: (previous: unknown) => previous as OrderList | undefined,
      enabled: !board,
    })),
  });
  // The job board's one list (every open order in the shop), in the same cache: kept live alike.
  const boardResult = useQuery({
    ...orderListQuery(api, storeId, boardQuery(choices, context)),
    placeholderData: (previous: OrderList | undefined) => previous,
    enabled: board,
  });

  const counters = useQueries({
    queries: offered.map((f) => {
      const query = dashboardCounterQuery(f, choices, context);
      // The board shows no filter chips: their counters wait for the list.
      return { ...orderCounterQuery(api, storeId, f, query), staleTime: 30_000, enabled: !board };
    }),
  });

  // On appointments the header reads the appointments counter (same query, same cache): they agree.
  // The board shows every vehicle in the shop, whatever filter the list keeps.
  const countFilter = board ? 'allVehicles' : filter;
  // With "My vehicles" on, the header counts the user's vehicles, as the list shows them.
  const header = dashboardHeaderCount(countFilter, choices, context);
  const count = useQuery<number>(
    header.kind === 'count'
      ? orderCountQuery(api, storeId, header.query)
      : { ...orderCounterQuery(api, storeId, header.filter, header.query), staleTime: 30_000 },
  );

  const choose = (patch: Partial<DashboardChoices>) => {
    setPages({});
    change(patch);
  };
  const chooseFilter = (value: string) => {
    // Picking a filter leaves the search: the list is the filter's again.
    setSearchText('');
    choose({ filter: value as DashboardFilter });
  };
  const countLabel = t(countLabelKey(countFilter, search, header.kind === 'counter' && header.filter === 'allVehicles'), {
    count: count.data ?? 0,
  });
  const listsLoaded = board
    ? boardResult.data !== undefined
    : listResults.every((result) => result.data !== undefined);
  useScrollMemory(user._id, variant, memory.scrollY, listsLoaded && !highlight);

  return (
    <Stack gap="md" data-testid="dashboard" data-filter={filter} data-live={live}>
      <Group justify="space-between" align="center" gap="sm">
        <Group gap="sm">
          <Text fw={600} data-testid="order-count" aria-live="polite">
            {count.isSuccess ? countLabel : '\u00a0'}
          </Text>
          <Badge
            variant={live === 'connected' ? 'filled' : 'outline'}
            color={live === 'connected' ? 'teal.9' : 'gray.7'}
            data-testid="live-state"
          >
            {live === 'connected' ? t('live.connected') : t('live.offline')}
          </Badge>
        </Group>
        <Group gap="sm">
          {variant === 'advisor' && (
            <SegmentedControl
              aria-label={t('layout.label')}
              value={view}
              onChange={(value) => changeView(value === 'board' ? 'board' : 'list')}
              data={[
                { value: 'list', label: t('layout.list') },
                { value: 'board', label: t('layout.board') },
              ]}
              data-testid="dashboard-layout"
            />
          )}
          <Button component={Link} to={`/store/${encodeURIComponent(storeId)}/ticket`} size="md">
            {t('newRepairOrder')}
          </Button>
        </Group>
      </Group>

      {/* The advisor's conversations with customers (docs/texting.md "Screens"). */}
      {variant === 'advisor' && <TextsPanel maxHeight="min(300px, 40vh)" />}

      <Paper withBorder radius="lg" p="md" component="section" aria-label={t('controls')}>
        <Stack gap="md">
          <Group gap="sm" align="flex-end" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={t('search.label')}
              placeholder={t('search.placeholder')}
              value={searchText}
              onChange={(event) => {
                setPages({});
                setSearchText(event.currentTarget.value);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Escape' && searchText) setSearchText('');
              }}
              type="search"
              size="md"
              rightSection={
                searchText ? (
                  <CloseButton aria-label={t('search.clear')} onClick={() => setSearchText('')} />
                ) : null
              }
            />
            <VinScanButton from="dashboard" onVin={searchVin} size="md" />
          </Group>
          {!board && (
            <Chip.Group multiple={false} value={search ? '' : choices.filter} onChange={chooseFilter}>
              <Group gap="xs" role="radiogroup" aria-label={t('filtersLabel')}>
                {offered.map((f, index) => (
                  <Chip key={f} value={f} variant="outline" data-filter={f} size="md">
                    {t(`filters.${f}`)}
                    {counters[index]?.isSuccess ? ` ${counters[index]!.data}` : ''}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          )}
          <Group gap="lg" align="center">
            <SegmentedControl
              aria-label={t('sort.label')}
              value={choices.sorting}
              disabled={appointments && !board}
              onChange={(value) => choose({ sorting: value as DashboardSorting })}
              data={[
                { value: 'orderNumber,desc', label: t('sort.orderNumber,desc') },
                { value: 'orderNumber,asc', label: t('sort.orderNumber,asc') },
              ]}
            />
            <Switch
              label={t('waitingFirst')}
              checked={choices.waitingFirst}
              disabled={appointments && !board}
              onChange={(event) => choose({ waitingFirst: event.currentTarget.checked })}
              size="md"
            />
            {variant !== 'basicTechnician' && (
              <Switch
                label={t('myVehicles')}
                checked={choices.myVehicles}
                onChange={(event) => choose({ myVehicles: event.currentTarget.checked })}
                size="md"
              />
            )}
            {appointments && !search && !board && (
              <SegmentedControl
                aria-label={t('view.label')}
                value={calendar ? 'calendar' : 'list'}
                onChange={(value) => setCalendar(value === 'calendar')}
                data={[
                  { value: 'list', label: t('view.list') },
                  { value: 'calendar', label: t('view.calendar') },
                ]}
              />
            )}
          </Group>
        </Stack>
      </Paper>

      {search && !board && (
        <Text fw={600} data-testid="search-heading">
          {t('filters.matchingVehicles')} · {t('search.searching', { term: search })}
        </Text>
      )}

      {board && (
        <JobBoard
          user={user}
          storeId={storeId}
          data={boardResult.data}
          isPending={boardResult.isFetching}
          isError={boardResult.isError}
          onRetry={() => void boardResult.refetch()}
        />
      )}

      {!board &&
        lists.map((list, index) => {
          const result = listResults[index]!;
          const title = t(listTitleKey(list.key, filter));
          return (
            <OrderListSection
              key={list.key}
              id={`dashboard-${list.key}`}
              title={title}
              showTitle={list.key !== 'orders'}
              storeId={storeId}
              data={result.data}
              isPending={result.isPending || result.isFetching}
              isError={result.isError}
              onRetry={() => void result.refetch()}
              page={list.query.page}
              size={dashboardPageSize(filter)}
              onPage={(page) => setPages((current) => ({ ...current, [list.key]: page }))}
              emptyText={t(emptyTextKey(list.key, filter, search), { term: search })}
              appointments={appointments}
              calendar={showsCalendar(filter, search, calendar)}
              highlightId={highlight}
              cardView={cardViewOf(variant)}
            />
          );
        })}
    </Stack>
  );
}

/**
 * The order the navigation asked to highlight, read once when the dashboard opens; the history
 * entry is then cleared of it, so a reload or a return does not highlight it again.
 */
function useHighlight(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [highlight] = useState(() => highlightedOrder(location.state));
  useEffect(() => {
    if (highlight) void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    // Once, on opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return highlight;
}

/**
 * Keeps the window's scroll position for the tab while the dashboard is open, and puts it back
 * once the lists are loaded again on return (`restore` false: a highlighted order scrolls itself).
 */
function useScrollMemory(userId: string, variant: string, savedY: number, restore: boolean) {
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    if (restored || !restore) return;
    setRestored(true);
    window.scrollTo({ top: savedY });
  }, [restore, restored, savedY]);
  useEffect(() => {
    let frame = 0;
    const remember = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() =>
        writeDashboardMemory(sessionStore(), userId, variant, { scrollY: window.scrollY }),
      );
    };
    window.addEventListener('scroll', remember, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', remember);
    };
  }, [userId, variant]);
}
