import { memo, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { List, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Estimate } from '@servicebay/domain';
import { useServices } from '../../context.js';
import { orderQueryKey } from '../repair-orders/repair-order-api.js';
import { keepNewestEstimate, updateEstimateLine, type EstimateRef } from './estimate-api.js';
import { EstimateGridStore, type GridSummary } from './estimate-grid-store.js';
import { EstimateGridLine, type GridContext } from './EstimateGridLine.js';
import { useLiveEstimate } from './useLiveEstimate.js';
import './estimate-grid.css';

/**
 * How long the page's cached estimate and the order wait, after the last answer, before they are
 * brought up to date (the header's badges, the estimate step): once per burst of saves, not at
 * every key, so the page around the grid is not drawn again while the advisor types.
 */
const SETTLE_DELAY_MS = 1000;

/**
 * The grid's store for one order's estimate: made once, fed every newer estimate the page gets
 * (toolbar actions, a fresh read, a colleague's change told live), keeping the cached estimate in
 * step with its own answers once they rest. Its changes waiting when the page is left are sent then.
 */
export function useEstimateGridStore(ref: EstimateRef, estimate: Estimate): EstimateGridStore {
  const { api } = useServices();
  const queryClient = useQueryClient();
  const settleTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [store] = useState(() => {
    const made: EstimateGridStore = new EstimateGridStore(estimate, {
      save: (lineId, body) => updateEstimateLine(api, ref, lineId, body),
      onApplied: () => {
        if (settleTimer.current) clearTimeout(settleTimer.current);
        settleTimer.current = setTimeout(() => {
          settleTimer.current = null;
          keepNewestEstimate(queryClient, ref.storeId, ref.inspectionOrderId, made.current());
          // The order's estimate step may have moved.
          void queryClient.invalidateQueries({ queryKey: orderQueryKey(ref.storeId, ref.inspectionOrderId), exact: true });
        }, SETTLE_DELAY_MS);
      },
    });
    return made;
  });
  useEffect(() => {
    store.applyEstimate(estimate);
  }, [store, estimate]);
  useEffect(() => () => store.flushAll(), [store]);
  // A colleague's changes come in as they are saved; the grid's newest is what the page holds.
  useLiveEstimate(ref, store.current.bind(store));
  return store;
}

/** What the ready button reads: the estimate and the lines that stop it; redrawn when they change. */
export function useGridReadiness(store: EstimateGridStore): Pick<GridSummary, 'estimate' | 'blockers'> {
  return useSyncExternalStore(store.subscribe, store.getReadiness);
}

/** What the totals table reads: the estimate and the totals of what is on screen. */
export function useGridTotals(store: EstimateGridStore): Pick<GridSummary, 'estimate' | 'totals'> {
  return useSyncExternalStore(store.subscribe, store.getTotals);
}

/**
 * The estimate's lines as an inline grid (docs/estimates.md "The grid"): each line's fields on
 * rows of columns, saved as the advisor types; only the line being typed in is redrawn.
 */
export const EstimateGrid = memo(function EstimateGrid({ context }: { context: GridContext }) {
  const { t } = useTranslation('estimates');
  const { store } = context;
  const ids = useSyncExternalStore(store.subscribe, store.getIds);
  if (ids.length === 0) return <Text data-testid="no-lines">{t('noLines')}</Text>;
  return (
    <div>
      <div className="sb-grid-columns" aria-hidden="true">
        <span />
        {[t('grid.columns.hours'), t('grid.columns.labour'), t('grid.columns.job'), t('grid.columns.total')].map((h, i) => (
          <Text key={h} size="xs" c="dimmed" fw={700} ta={i === 1 || i === 3 ? 'right' : undefined}>
            {context.readOnly && i === 2 ? '' : h}
          </Text>
        ))}
      </div>
      <ol className="sb-grid" aria-label={t('lines')}>
        {ids.map((id) => (
          <EstimateGridLine key={id} id={id} context={context} />
        ))}
      </ol>
    </div>
  );
});

/**
 * Why the estimate cannot be marked ready yet: each line that is not saved, with its reason; a
 * line's entry shows its problems and takes the focus to it.
 */
export function ReadyBlockers({ store, blockers }: { store: EstimateGridStore; blockers: GridSummary['blockers'] }) {
  const { t } = useTranslation('estimates');
  const show = (id: string) => {
    store.reveal(id);
    // The problems are drawn first; then the first field in error, or the line, takes the focus.
    requestAnimationFrame(() => {
      const line = document.querySelector<HTMLElement>(`[data-line="${id}"]`);
      const field = line?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? line?.querySelector<HTMLElement>('input');
      line?.scrollIntoView({ block: 'center' });
      field?.focus();
    });
  };
  if (blockers.length === 0) return null;
  return (
    <Stack gap={4} id="ready-blockers" data-testid="ready-blockers">
      <Text size="sm" fw={600}>
        {t('ready.blocked')}
      </Text>
      <List size="sm" spacing={2}>
        {blockers.map((b) => (
          <List.Item key={b.id}>
            <UnstyledButton onClick={() => show(b.id)} td="underline" fz="sm" c="red.8">
              {t(`ready.${b.state}`, { n: b.n })}
            </UnstyledButton>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** The context every line shares, the same object while its parts stay the same. */
export function useGridContext(parts: GridContext): GridContext {
  const { store, readOnly, jobs, money, errorText, onDelete } = parts;
  return useMemo(
    () => ({ store, readOnly, jobs, money, errorText, onDelete }),
    [store, readOnly, jobs, money, errorText, onDelete],
  );
}
