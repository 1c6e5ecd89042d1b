import { memo, useCallback, useDeferredValue, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  Badge,
  Button,
  Group,
  Loader,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import {
  actingRole,
  ESTIMATE_STATUSES,
  ESTIMATE_WRITE_ROLES,
  isLanguage,
  lineFromJob,
  orderNumberDisplay,
  type CannedJob,
  type CreateEstimateLineRequest,
  type Estimate,
  type EstimateStatus,
  type RepairOrder,
  type Language,
} from '@servicebay/domain';
import { ApiError, type ApiClient } from '@servicebay/web-core';
import { AlertBanner, useAlerts, useDialogs } from '@servicebay/ui';
import { useServices } from '../../context.js';
import { PageHeader } from '../../kit/PageHeader.js';
import { useSignedIn } from '../../session/signed-in.js';
import { estimatePaths, orderPaths } from '../../paths.js';
import { orderQuery, orderQueryKey } from '../repair-orders/repair-order-api.js';
import {
  createEstimateLine,
  deleteEstimateLine,
  drawEstimate,
  estimateQuery,
  estimateQueryKey,
  keepNewestEstimate,
  markEstimateReady,
  refreshEstimateTaxes,
  updateEstimate,
  useEstimateChange,
} from './estimate-api.js';
import { cannedJobsQuery } from './canned-jobs-api.js';
import { JobPicker } from './JobPicker.js';
import { EstimateGrid, ReadyBlockers, useEstimateGridStore, useGridContext, useGridReadiness, useGridTotals } from './EstimateGrid.js';
import type { EstimateGridStore } from './estimate-grid-store.js';
import { useEstimateErrorText, useMoney } from './format.js';
import { LiveBadge } from './useLiveEstimate.js';
import { labourRateEntry, totalsRows } from './estimate-lines.js';

/** The language drawn lines are written in: the page's. */
export function usePageLanguage(): Language {
  const { i18n } = useTranslation();
  const lang = i18n.language?.slice(0, 2);
  return isLanguage(lang) ? lang : 'en';
}

/** The order and its estimate, loaded together; the page draws when both are there. */
export function useOrderEstimate() {
  const { api } = useServices();
  const language = usePageLanguage();
  const { storeId = '', inspectionOrderId = '' } = useParams();
  const order = useQuery(orderQuery(api, storeId, inspectionOrderId));
  const estimate = useQuery({
    ...estimateQuery(api, storeId, inspectionOrderId, language),
    enabled: order.isSuccess,
  });
  return { storeId, inspectionOrderId, order, estimate };
}

/** Title, status and delivery badges, and the loading / error states of both estimate pages. */
export function EstimateFrame({
  page,
  order,
  estimate,
  children,
}: {
  page: 'estimates' | 'approvedWork';
  order: ReturnType<typeof useOrderEstimate>['order'];
  estimate: ReturnType<typeof useOrderEstimate>['estimate'];
  children: (order: RepairOrder, estimate: Estimate) => ReactNode;
}) {
  const { t } = useTranslation(['estimates', 'dashboard']);
  const number = order.data ? orderNumberDisplay(order.data.orderNumber, 'short') : null;
  const orderLabel = number
    ? number.kind === 'number'
      ? t(`dashboard:${number.key}`, { number: number.number })
      : t(`dashboard:${number.key}`)
    : '';
  const error = order.error ?? estimate.error;
  return (
    <Stack gap="lg" data-page={page}>
      <PageHeader
        title={`${t(`${page}.title`)}${orderLabel ? ` · ${orderLabel}` : ''}`}
        purpose={t(`${page}.purpose`)}
      >
        {estimate.data && (
          <Group gap="xs">
            <Badge
              color={estimate.data.status === 'AUTHORIZED' ? 'teal.9' : 'blue.8'}
              data-testid="estimate-status"
            >
              {t(`status.${estimate.data.status ?? 'none'}`)}
            </Badge>
            <Badge variant="outline" color="gray.7" data-testid="estimate-delivery">
              {t(`delivery.${estimate.data.delivery}`)}
            </Badge>
            <Badge
              color={estimate.data.state === 'done' ? 'teal.9' : 'blue.8'}
              data-testid="estimate-state"
            >
              {t(`state.${estimate.data.state}`)}
            </Badge>
            <LiveBadge />
          </Group>
        )}
      </PageHeader>
      {error ? (
        <AlertBanner
          alert={{
            type: 'warning',
            message:
              error instanceof ApiError && [400, 404].includes(error.status)
                ? t('dashboard:orderPage.notFound')
                : t('dashboard:error'),
          }}
        />
      ) : !order.data || !estimate.data ? (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text>{t('loading')}</Text>
        </Group>
      ) : (
        children(order.data, estimate.data)
      )}
    </Stack>
  );
}

/** Labour, parts, fees, each tax and the total; the approved total beside it. */
export function EstimateTotals({
  estimate,
  totals = estimate,
  approved = false,
}: {
  estimate: Estimate;
  /** The totals to show: the server's (the default), or the grid's totals of what is on screen. */
  totals?: Pick<Estimate, 'taxes' | 'totals'>;
  approved?: boolean;
}) {
  const { t, i18n } = useTranslation('estimates');
  const money = useMoney(estimate);

  return (
    <Paper withBorder radius="lg" p="md" data-testid="estimate-totals">
      <Table>
        <Table.Caption>{t('totals.caption')}</Table.Caption>
        <Table.Tbody>
          {totalsRows(totals, i18n.language, approved).map((row) => {
            const label =
              row.kind === 'tax'
                ? t('totals.tax', { name: row.name, rate: row.rate })
                : t(`totals.${row.kind}`);
            // The total and the approved total stand out; the rows above them read as their parts.
            const strong = row.kind === 'total' || row.kind === 'approvedTotal';
            return (
              <Table.Tr key={label} data-testid={row.kind === 'tax' ? `tax-${row.key}` : undefined}>
                <Table.Th scope="row" fw={strong ? undefined : 400}>
                  {label}
                </Table.Th>
                <Table.Td
                  ta="right"
                  fw={strong ? 700 : undefined}
                  data-testid={TOTAL_TEST_IDS[row.kind]}
                >
                  {money(row.amount)}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

const MemoTotals = memo(EstimateTotals);

const TOTAL_TEST_IDS: Partial<Record<string, string>> = { total: 'estimate-total', approvedTotal: 'approved-total' };

/**
 * /app/store/{storeId}/inspectionOrder/{id}/estimates: the advisor builds the estimate from the
 * inspection's recommendations in an inline grid saved as it is typed, prices lines in one pick
 * with the store's canned jobs, sees the totals of what is on screen with each tax, and marks it
 * ready (the order's estimate step done) once every line is saved. docs/estimates.md.
 */
export function EstimatesPage() {
  const { order, estimate } = useOrderEstimate();
  return (
    <EstimateFrame page="estimates" order={order} estimate={estimate}>
      {(o, e) => <EstimateEditor key={o._id} order={o} estimate={e} />}
    </EstimateFrame>
  );
}

const NO_JOBS: readonly CannedJob[] = [];

/** The totals of what is on screen: every line's draft, saved or not. */
const DraftTotals = memo(function DraftTotals({ store }: { store: EstimateGridStore }) {
  // Drawn in a render React may put off while the advisor types: the key comes first.
  const { estimate, totals } = useDeferredValue(useGridTotals(store));
  return <MemoTotals estimate={estimate} totals={totals} />;
});

/** The version, why the estimate cannot be marked ready yet, and the button. */
const ReadyPanel = memo(function ReadyPanel({
  store,
  readOnly,
  onReady,
  readying,
  storeId,
  inspectionOrderId,
}: {
  store: EstimateGridStore;
  readOnly: boolean;
  onReady: () => void;
  readying: boolean;
  storeId: string;
  inspectionOrderId: string;
}) {
  const { t } = useTranslation('estimates');
  const { estimate, blockers } = useGridReadiness(store);
  const blocked = blockers.length > 0;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" data-testid="estimate-version">
        {t('version', { version: estimate.version })}
      </Text>
      {!readOnly && estimate.state !== 'done' && (
        <>
          <ReadyBlockers store={store} blockers={blockers} />
          <Button
            size="lg"
            onClick={() => onReady()}
            disabled={blocked}
            aria-describedby={blocked ? 'ready-blockers' : undefined}
            loading={readying}
            data-testid="mark-ready"
          >
            {t('actions.markReady')}
          </Button>
        </>
      )}
      {estimate.state === 'done' && (
        <Button size="lg" component={Link} to={estimatePaths.approval(storeId, inspectionOrderId)}>
          {t('actions.toApproval')}
        </Button>
      )}
      <Button variant="subtle" component={Link} to={orderPaths.order(storeId, inspectionOrderId)}>
        {t('actions.backToOrder')}
      </Button>
    </Stack>
  );
});

/** New lines: by hand with a description, or a canned job's in one pick. */
const AddLines = memo(function AddLines({
  jobs,
  onAdd,
  adding,
}: {
  jobs: readonly CannedJob[];
  onAdd: (body: CreateEstimateLineRequest) => void;
  adding: boolean;
}) {
  const { t } = useTranslation('estimates');
  const [newLine, setNewLine] = useState('');
  const noText = useCallback(() => '', []);
  const addJob = useCallback((job: CannedJob) => onAdd({ description: job.name, ...lineFromJob(job) }), [onAdd]);
  return (
    <Group gap="md" align="flex-end" wrap="wrap" mt="md">
      <form
        style={{ flex: '1 1 20rem' }}
        onSubmit={(e) => {
          e.preventDefault();
          if (newLine.trim()) {
            onAdd({ description: newLine.trim() });
            setNewLine('');
          }
        }}
      >
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label={t('newLine')}
            value={newLine}
            maxLength={500}
            onChange={(e) => setNewLine(e.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button type="submit" variant="default" disabled={newLine.trim() === ''} loading={adding}>
            {t('actions.addLine')}
          </Button>
        </Group>
      </form>
      {jobs.length > 0 ? (
        <div style={{ flex: '1 1 16rem' }}>
          <JobPicker
            jobs={jobs}
            label={t('jobs.add')}
            showLabel
            placeholder={t('jobs.addPlaceholder')}
            describe={noText}
            onPick={addJob}
            disabled={adding}
            testId="add-job"
          />
        </div>
      ) : (
        <Text size="sm" c="dimmed" style={{ flex: '1 1 16rem' }}>
          {t('jobs.none')}
        </Text>
      )}
    </Group>
  );
});

/**
 * The estimate's own settings: draw again, labour rate, status, the store's current taxes. Drawn
 * again only when those change, not at every saved line.
 */
const EstimateToolbar = memo(function EstimateToolbar({
  params,
  labourRate,
  currency,
  status,
}: {
  params: { storeId: string; inspectionOrderId: string };
  labourRate: number;
  currency: Estimate['currency'];
  status: EstimateStatus | null;
}) {
  const { t } = useTranslation('estimates');
  const language = usePageLanguage();
  const [rate, setRate] = useState<number | string>(labourRate / 100);
  const useChange = <V,>(call: (api: ApiClient, vars: V) => Promise<Estimate>) =>
    useEstimateChange<V>(params.storeId, params.inspectionOrderId, call);
  const draw = useChange<void>((a) => drawEstimate(a, params, language));
  const taxes = useChange<void>((a) => refreshEstimateTaxes(a, params));
  const update = useChange<{ labourRate?: number; status?: EstimateStatus }>((a, body) => updateEstimate(a, params, body));
  const { cents: rateCents, valid: rateValid, canSet: rateCanSet } = labourRateEntry(rate, labourRate);
  return (
    <Paper withBorder radius="lg" p="md">
      <Group gap="md" align="flex-end" wrap="wrap">
        <Button size="md" variant="default" onClick={() => draw.mutate()} loading={draw.isPending}>
          {t('actions.draw')}
        </Button>
        <Group gap="xs" align="flex-end">
          <NumberInput
            label={t('labourRate', { currency })}
            min={0}
            max={10_000}
            decimalScale={2}
            fixedDecimalScale
            value={rate}
            onChange={setRate}
            error={rateValid ? undefined : t('labourRateInvalid')}
            w={200}
          />
          <Button
            variant="default"
            disabled={!rateCanSet}
            loading={update.isPending && update.variables?.labourRate !== undefined}
            onClick={() => rateCents !== null && update.mutate({ labourRate: rateCents })}
          >
            {t('actions.setRate')}
          </Button>
        </Group>
        <Select
          label={t('statusLabel')}
          w={200}
          value={status}
          placeholder={t('status.none')}
          allowDeselect={false}
          onChange={(v) => v && update.mutate({ status: v as EstimateStatus })}
          data={ESTIMATE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        />
        <Button variant="default" onClick={() => taxes.mutate()} loading={taxes.isPending}>
          {t('actions.refreshTaxes')}
        </Button>
      </Group>
    </Paper>
  );
});

function EstimateEditor({ order, estimate }: { order: RepairOrder; estimate: Estimate }) {
  const { t } = useTranslation('estimates');
  const { user } = useSignedIn();
  const { api } = useServices();
  const queryClient = useQueryClient();
  const alerts = useAlerts();
  const dialogs = useDialogs();
  const money = useMoney(estimate);
  const errorText = useEstimateErrorText();
  const storeId = order.storeId;
  const inspectionOrderId = order._id;
  const params = useMemo(() => ({ storeId, inspectionOrderId }), [storeId, inspectionOrderId]);
  const readOnly = order.closed || !(ESTIMATE_WRITE_ROLES as readonly string[]).includes(actingRole(user));
  const store = useEstimateGridStore(params, estimate);
  const jobsQuery = useQuery({ ...cannedJobsQuery(api, storeId), enabled: !readOnly });
  const jobs = jobsQuery.data ?? NO_JOBS;

  const addLine = useEstimateChange<CreateEstimateLineRequest>(storeId, inspectionOrderId, (a, body) => createEstimateLine(a, params, body));
  const deleteLine = useEstimateChange<string>(storeId, inspectionOrderId, (a, lineId) => deleteEstimateLine(a, params, lineId));
  const ready = useMutation({
    mutationFn: () => markEstimateReady(api, params, store.current().version),
    onSuccess: (answer) => {
      keepNewestEstimate(queryClient, storeId, inspectionOrderId, answer);
      void queryClient.invalidateQueries({ queryKey: orderQueryKey(storeId, inspectionOrderId), exact: true });
    },
    onError: (error) => {
      alerts.show({ type: 'danger', message: errorText(error) });
      // Refused because the estimate moved on: its newest version is read again.
      void queryClient.invalidateQueries({ queryKey: estimateQueryKey(storeId, inspectionOrderId), exact: true });
    },
  });

  // The lines' delete buttons and the add box keep one handler each; they read the newest of what they need.
  const latest = useRef({ dialogs, deleteLine, addLine, t });
  latest.current = { dialogs, deleteLine, addLine, t };
  const onDelete = useCallback(
    async (lineId: string) => {
      const view = store.getLine(lineId);
      if (!view) return;
      const { dialogs: d, deleteLine: del, t: tr } = latest.current;
      const sure = await d.confirm({
        message: tr('line.deleteConfirm', { description: view.draft.description || view.line.description }),
        okLabel: tr('line.delete', { n: view.n }),
        danger: true,
      });
      if (sure) del.mutate(lineId);
    },
    [store],
  );
  const onAdd = useCallback((body: CreateEstimateLineRequest) => latest.current.addLine.mutate(body), []);
  const context = useGridContext({ store, readOnly, jobs, money, errorText, onDelete });

  return (
    <Stack gap="lg">
      {order.closed && <AlertBanner alert={{ type: 'info', message: t('closed') }} />}
      {!readOnly && (
        <EstimateToolbar params={params} labourRate={estimate.labourRate} currency={estimate.currency} status={estimate.status} />
      )}

      <Paper withBorder radius="lg" p="md">
        <Group justify="space-between" mb="sm" gap="xs">
          {!readOnly && <Text size="sm">{t('grid.hint')}</Text>}
          <Text size="sm" c="dimmed">
            {t('grid.rate', { rate: money(estimate.labourRate) })}
          </Text>
        </Group>
        <EstimateGrid context={context} />
        {!readOnly && <AddLines jobs={jobs} onAdd={onAdd} adding={addLine.isPending} />}
      </Paper>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <DraftTotals store={store} />
        <ReadyPanel
          store={store}
          readOnly={readOnly}
          onReady={ready.mutate}
          readying={ready.isPending}
          storeId={storeId}
          inspectionOrderId={inspectionOrderId}
        />
      </SimpleGrid>
    </Stack>
  );
}
