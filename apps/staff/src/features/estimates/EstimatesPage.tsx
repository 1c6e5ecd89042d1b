import { useState, type ReactNode } from 'react';
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
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import {
  actingRole,
  ESTIMATE_STATUSES,
  ESTIMATE_WRITE_ROLES,
  isLanguage,
  orderNumberDisplay,
  type Estimate,
  type EstimateStatus,
  type RepairOrder,
  type Language,
  type UpdateEstimateLineRequest,
} from '@servicebay/domain';
import { ApiError, type ApiClient } from '@servicebay/web-core';
import { AlertBanner, useDialogs } from '@servicebay/ui';
import { useServices } from '../../context.js';
import { PageHeader } from '../../kit/PageHeader.js';
import { useSignedIn } from '../../session/signed-in.js';
import { estimatePaths, orderPaths } from '../../paths.js';
import { orderQuery } from '../repair-orders/repair-order-api.js';
import {
  createEstimateLine,
  deleteEstimateLine,
  drawEstimate,
  estimateQuery,
  markEstimateReady,
  refreshEstimateTaxes,
  updateEstimate,
  updateEstimateLine,
  useEstimateChange,
} from './estimate-api.js';
import { EstimateLineCard } from './EstimateLineCard.js';
import { useMoney } from './format.js';
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
export function EstimateTotals({ estimate, approved = false }: { estimate: Estimate; approved?: boolean }) {
  const { t } = useTranslation('estimates');
  const money = useMoney(estimate);

  return (
    <Paper withBorder radius="lg" p="md" data-testid="estimate-totals">
      <Table>
        <Table.Caption>{t('totals.caption')}</Table.Caption>
        <Table.Tbody>
          {totalsRows(estimate, approved).map((row) => {
            const label =
              row.kind === 'tax'
                ? t('totals.tax', { name: row.name, rate: row.ratePercent })
                : t(`totals.${row.kind}`);
            // The total and the approved total stand out; the rows above them read as their parts.
            const strong = row.kind === 'total' || row.kind === 'approvedTotal';
            return (
              <Table.Tr key={label} data-testid={row.kind === 'tax' ? `tax-${row.name}` : undefined}>
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

const TOTAL_TEST_IDS: Partial<Record<string, string>> = { total: 'estimate-total', approvedTotal: 'approved-total' };

/**
 * /app/store/{storeId}/inspectionOrder/{id}/estimates: the advisor builds the
 * estimate from the inspection's recommendations, prices labour, parts and fees, sees the totals
 * with each tax, and marks it ready (the order's estimate step done). docs/estimates.md.
 */
export function EstimatesPage() {
  const { order, estimate } = useOrderEstimate();
  return (
    <EstimateFrame page="estimates" order={order} estimate={estimate}>
      {(o, e) => <EstimateEditor order={o} estimate={e} />}
    </EstimateFrame>
  );
}

function EstimateEditor({ order, estimate }: { order: RepairOrder; estimate: Estimate }) {
  const { t } = useTranslation('estimates');
  const { user } = useSignedIn();
  const dialogs = useDialogs();
  const language = usePageLanguage();
  const money = useMoney(estimate);
  const storeId = order.storeId;
  const inspectionOrderId = order._id;
  const params = { storeId, inspectionOrderId };
  const readOnly = order.closed || !(ESTIMATE_WRITE_ROLES as readonly string[]).includes(actingRole(user));
  const [newLine, setNewLine] = useState('');
  const [rate, setRate] = useState<number | string>(estimate.labourRate / 100);

  const useChange = <V,>(
    call: (api: ApiClient, vars: V) => Promise<Estimate>,
    onDone?: (e: Estimate) => void,
  ) => useEstimateChange<V>(storeId, inspectionOrderId, call, onDone);
  const draw = useChange<void>((api) => drawEstimate(api, params, language));
  const taxes = useChange<void>((api) => refreshEstimateTaxes(api, params));
  const ready = useChange<void>((api) => markEstimateReady(api, params));
  const update = useChange<{ labourRate?: number; status?: EstimateStatus }>((api, body) => updateEstimate(api, params, body));
  const addLine = useChange<string>(
    (api, description) => createEstimateLine(api, params, description),
    () => setNewLine(''),
  );
  const saveLine = useChange<{ lineId: string; body: UpdateEstimateLineRequest }>((api, v) => updateEstimateLine(api, params, v.lineId, v.body));
  const deleteLine = useChange<string>((api, lineId) => deleteEstimateLine(api, params, lineId));

  const { cents: rateCents, valid: rateValid, canSet: rateCanSet } = labourRateEntry(rate, estimate.labourRate);

  return (
    <Stack gap="lg">
      {order.closed && <AlertBanner alert={{ type: 'info', message: t('closed') }} />}
      {!readOnly && (
        <Paper withBorder radius="lg" p="md">
          <Group gap="md" align="flex-end" wrap="wrap">
            <Button size="md" variant="default" onClick={() => draw.mutate()} loading={draw.isPending}>
              {t('actions.draw')}
            </Button>
            <Group gap="xs" align="flex-end">
              <NumberInput
                label={t('labourRate', { currency: estimate.currency })}
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
              value={estimate.status}
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
      )}

      {estimate.lines.length === 0 ? (
        <Text data-testid="no-lines">{t('noLines')}</Text>
      ) : (
        <Stack gap="md" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('lines')}>
          {estimate.lines.map((line, index) => (
            <EstimateLineCard
              // A line's inputs start again from the server's copy whenever that copy changes.
              key={`${line._id}:${line.description}:${line.labourHours}:${JSON.stringify(line.parts)}:${JSON.stringify(line.fees)}`}
              line={line}
              index={index}
              labourRate={estimate.labourRate}
              money={money}
              readOnly={readOnly}
              saving={saveLine.isPending && saveLine.variables?.lineId === line._id}
              onSave={(body) => saveLine.mutate({ lineId: line._id, body })}
              onDelete={async () => {
                const sure = await dialogs.confirm({
                  message: t('line.deleteConfirm', { description: line.description }),
                  okLabel: t('line.delete'),
                  danger: true,
                });
                if (sure) deleteLine.mutate(line._id);
              }}
            />
          ))}
        </Stack>
      )}

      {!readOnly && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (newLine.trim()) addLine.mutate(newLine.trim());
          }}
        >
          <Group gap="xs" align="flex-end">
            <TextInput
              label={t('newLine')}
              value={newLine}
              maxLength={500}
              onChange={(e) => setNewLine(e.currentTarget.value)}
              style={{ flex: 1 }}
            />
            <Button
              type="submit"
              variant="default"
              disabled={newLine.trim() === ''}
              loading={addLine.isPending}
            >
              {t('actions.addLine')}
            </Button>
          </Group>
        </form>
      )}

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <EstimateTotals estimate={estimate} />
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('version', { version: estimate.version })}
          </Text>
          {!readOnly && estimate.state !== 'done' && (
            <Button
              size="lg"
              onClick={() => ready.mutate()}
              loading={ready.isPending}
              data-testid="mark-ready"
            >
              {t('actions.markReady')}
            </Button>
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
      </SimpleGrid>
    </Stack>
  );
}
