import { useCallback, useMemo, useRef, useSyncExternalStore, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { RepairOrder, InspectionResult, Role } from '@servicebay/domain';
import { ApiError } from '@servicebay/web-core';
import { useAlerts } from '@servicebay/ui';
import { useServices } from '../../context.js';
import { orderQueryKey } from './repair-order-api.js';
import { cachedResults, createResult, deleteResult, updateCachedResult, updateResult } from './inspection-api.js';
import {
  applyPatch,
  localized,
  orderAfterResultChange,
  resultOfRow,
  type ItemRow,
  type ResultPatch,
} from './inspection-model.js';

type Target = Pick<ItemRow, 'key' | 'group' | 'section' | 'item'>;
type Api = ReturnType<typeof useServices>['api'];
type QueryClient = ReturnType<typeof useQueryClient>;

/** What the writer reads at the time a change is answered, not when the change was made. */
interface Latest {
  t: TFunction<'inspectionPage'>;
  language: string;
  errorText: (error: unknown) => string;
  role: string;
  timeTrackerEnabled: boolean;
}

/**
 * Per row: the tail of its queue, the id of its result once known, how many writes are queued
 * (the row is pending while any is).
 */
function useRowQueues(pending: PendingStore) {
  const queues = useRef(new Map<string, Promise<unknown>>());
  const ids = useRef(new Map<string, string>());
  const counts = useRef(new Map<string, number>());

  const mark = useCallback(
    (key: string, delta: number) => {
      const n = (counts.current.get(key) ?? 0) + delta;
      if (n <= 0) counts.current.delete(key);
      else counts.current.set(key, n);
      pending.set(key, n > 0);
    },
    [pending],
  );

  const enqueue = useCallback((key: string, task: () => Promise<unknown>) => {
    const tail = (queues.current.get(key) ?? Promise.resolve()).then(task, task);
    queues.current.set(
      key,
      tail.catch(() => undefined),
    );
    return tail;
  }, []);

  return { ids, counts, mark, enqueue };
}

/** The cached order: moved at once by a change of a result, fetched again once the changes rest. */
function useOrderRefresh(
  queryClient: QueryClient,
  storeId: string,
  inspectionOrderId: string,
  latest: RefObject<Latest>,
) {
  const touchOrder = useCallback(() => {
    const key = orderQueryKey(storeId, inspectionOrderId);
    const order = queryClient.getQueryData<RepairOrder>(key);
    if (order) {
      queryClient.setQueryData(
        key,
        orderAfterResultChange(order, {
          role: latest.current.role as Role,
          timeTrackerEnabled: latest.current.timeTrackerEnabled,
        }),
      );
    }
  }, [queryClient, storeId, inspectionOrderId, latest]);

  // The order is refetched once the changes have settled for a moment, not after each answer:
  // a technician tapping down the list would otherwise re-render the whole page at every answer.
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refreshOrder = useCallback(() => {
    if (refreshTimer.current) clearTimeout(refreshTimer.current);
    refreshTimer.current = setTimeout(() => {
      refreshTimer.current = null;
      void queryClient.invalidateQueries({
        queryKey: orderQueryKey(storeId, inspectionOrderId),
        exact: true,
      });
    }, ORDER_REFRESH_DELAY_MS);
  }, [queryClient, storeId, inspectionOrderId]);

  return { touchOrder, refreshOrder };
}

/**
 * A change of one row: shown now, sent in turn; a refusal puts back what the row showed before.
 * The promise tells whether the server took it (a run of changes, as "All OK", stops at a refusal).
 */
function useChange({
  api,
  queryClient,
  storeId,
  inspectionOrderId,
  rows,
  touchOrder,
  refreshOrder,
  fail,
}: {
  api: Api;
  queryClient: QueryClient;
  storeId: string;
  inspectionOrderId: string;
  rows: ReturnType<typeof useRowQueues>;
  touchOrder: () => void;
  refreshOrder: () => void;
  fail: (target: Target, error: unknown) => void;
}) {
  const { ids, counts, mark, enqueue } = rows;
  return useCallback(
    (target: Target, current: InspectionResult | null, patch: ResultPatch): Promise<boolean> => {
      const key = target.key;
      const knownId = current && !current._id.startsWith('pending:') ? current._id : ids.current.get(key);
      const cacheId = current?._id ?? knownId ?? `pending:${key}`;
      const before = current;
      updateCachedResult(queryClient, storeId, inspectionOrderId, cacheId, (r) =>
        applyPatch(r, patch, target, inspectionOrderId, cacheId),
      );
      touchOrder();
      mark(key, 1);
      return enqueue(key, async () => {
        const params = { storeId, inspectionOrderId };
        try {
          const id = ids.current.get(key) ?? (knownId || undefined);
          const saved = id
            ? await updateResult(api, { ...params, resultId: id }, patch)
            : await createResult(api, params, {
                itemKey: target.item.itemKey,
                group: target.group,
                section: target.section,
                ...patch,
              });
          ids.current.set(key, saved._id);
          const later = (counts.current.get(key) ?? 0) > 1;
          updateCachedResult(queryClient, storeId, inspectionOrderId, cacheId, (r) =>
            // A later change of this row is on its way: keep what it shows, learn the id.
            later && r ? { ...r, _id: saved._id, pictures: saved.pictures, videos: saved.videos } : saved,
          );
          return true;
        } catch (error) {
          if (
            !ids.current.has(key) &&
            cacheId.startsWith('pending:') &&
            (counts.current.get(key) ?? 0) <= 1
          ) {
            updateCachedResult(queryClient, storeId, inspectionOrderId, cacheId, () => null);
          } else if (before) {
            updateCachedResult(
              queryClient,
              storeId,
              inspectionOrderId,
              ids.current.get(key) ?? cacheId,
              () => before,
            );
          }
          fail(target, error);
          return false;
        } finally {
          mark(key, -1);
          // A multiple item's new reading became a reading of its own: the next "new" one is another.
          if (key.endsWith('#new') && !counts.current.has(key)) ids.current.delete(key);
          refreshOrder();
        }
      }) as Promise<boolean>;
    },
    [api, queryClient, storeId, inspectionOrderId, ids, counts, enqueue, mark, touchOrder, refreshOrder, fail],
  );
}

/**
 * Sends each change of a result to the server (POST the first time, PUT after, DELETE for a
 * reading removed), one at a time per row so a quick second tap waits for the result the first
 * one creates. The change shows at once and the row is marked pending (unconfirmed) until the
 * server answers; a refusal puts the result back as it was and says why. The server starts the
 * clock, reopens a finished inspection and starts work; the cached order shows it at once and is
 * then refreshed from the server.
 */
export function useResultWriter({
  storeId,
  inspectionOrderId,
  role,
  timeTrackerEnabled,
}: {
  storeId: string;
  inspectionOrderId: string;
  role: string;
  timeTrackerEnabled: boolean;
}) {
  const { t, i18n } = useTranslation('inspectionPage');
  const { api } = useServices();
  const queryClient = useQueryClient();
  const alerts = useAlerts();
  const errorText = useInspectionErrorText();
  const [pending] = useStateOnce(createPendingStore);
  const rows = useRowQueues(pending);
  const { ids, mark, enqueue } = rows;
  const latest = useRef<Latest>({ t, language: i18n.language, errorText, role, timeTrackerEnabled });
  latest.current = { t, language: i18n.language, errorText, role, timeTrackerEnabled };
  const { touchOrder, refreshOrder } = useOrderRefresh(queryClient, storeId, inspectionOrderId, latest);

  const fail = useCallback(
    (target: Target, error: unknown) => {
      const { t: tr, language, errorText: text } = latest.current;
      alerts.show({
        type: 'danger',
        strongMessage: tr('saveFailed', { item: localized(target.item.name, language) }),
        message: text(error),
      });
    },
    [alerts],
  );

  const change = useChange({ api, queryClient, storeId, inspectionOrderId, rows, touchOrder, refreshOrder, fail });

  /** Removes a reading of a multiple item (its pictures and videos go with it). */
  const remove = useCallback(
    (target: Target, current: InspectionResult) => {
      mark(target.key, 1);
      void enqueue(target.key, async () => {
        try {
          await deleteResult(api, { storeId, inspectionOrderId, resultId: current._id });
          updateCachedResult(queryClient, storeId, inspectionOrderId, current._id, () => null);
          ids.current.delete(target.key);
        } catch (error) {
          fail(target, error);
        } finally {
          mark(target.key, -1);
          refreshOrder();
        }
      });
    },
    [api, queryClient, storeId, inspectionOrderId, ids, enqueue, mark, refreshOrder, fail],
  );

  /**
   * The saved result of a row, created first when the item has none yet (a picture on an item
   * not checked yet): waits for the row's queued changes.
   */
  const ensureSaved = useCallback(
    (target: Target) =>
      enqueue(target.key, async (): Promise<InspectionResult> => {
        const id = ids.current.get(target.key);
        const results = cachedResults(queryClient, storeId, inspectionOrderId);
        const cached = id ? results.find((r) => r._id === id) : resultOfRow(results, target);
        if (cached && !cached._id.startsWith('pending:')) return cached;
        const saved = await createResult(
          api,
          { storeId, inspectionOrderId },
          { itemKey: target.item.itemKey, group: target.group, section: target.section },
        );
        ids.current.set(target.key, saved._id);
        updateCachedResult(queryClient, storeId, inspectionOrderId, saved._id, () => saved);
        refreshOrder();
        return saved;
      }) as Promise<InspectionResult>,
    [api, queryClient, storeId, inspectionOrderId, ids, enqueue, refreshOrder],
  );

  return useMemo(
    () => ({ change, remove, ensureSaved, pendingStore: pending, refreshOrder, touchOrder }),
    [change, remove, ensureSaved, pending, refreshOrder, touchOrder],
  );
}

/** How long the changes must rest before the order is fetched again. */
export const ORDER_REFRESH_DELAY_MS = 800;

/** Which rows wait for the server: each row subscribes to its own key only. */
export interface PendingStore {
  set(key: string, pending: boolean): void;
  has(key: string): boolean;
  subscribe(key: string, listener: () => void): () => void;
}

export function createPendingStore(): PendingStore {
  const keys = new Set<string>();
  const listeners = new Map<string, Set<() => void>>();
  return {
    set(key, on) {
      if (on === keys.has(key)) return;
      if (on) keys.add(key);
      else keys.delete(key);
      for (const l of listeners.get(key) ?? []) l();
    },
    has: (key) => keys.has(key),
    subscribe(key, listener) {
      const set = listeners.get(key) ?? new Set();
      set.add(listener);
      listeners.set(key, set);
      return () => set.delete(listener);
    },
  };
}

/** Whether a row waits for the server (re-renders that row only when it changes). */
export function usePending(store: PendingStore, key: string): boolean {
  const subscribe = useCallback((listener: () => void) => store.subscribe(key, listener), [store, key]);
  return useSyncExternalStore(subscribe, () => store.has(key));
}

function useStateOnce<T>(make: () => T): [T] {
  const ref = useRef<T | null>(null);
  ref.current ??= make();
  return [ref.current];
}

type ErrorKey =
  | 'ORDER_CLOSED'
  | 'FORBIDDEN'
  | 'CONFLICT'
  | 'INVALID_ARGUMENTS'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'PAYLOAD_TOO_LARGE'
  | 'NOT_FOUND';
const ERROR_KEYS: readonly string[] = [
  'ORDER_CLOSED',
  'FORBIDDEN',
  'CONFLICT',
  'INVALID_ARGUMENTS',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'NOT_FOUND',
];

/** The text of a refused result or media change (by its error code), or the offline / generic text. */
export function useInspectionErrorText(): (error: unknown) => string {
  const { t } = useTranslation('inspectionPage');
  return useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && ERROR_KEYS.includes(error.code))
        return t(`errors.${error.code as ErrorKey}`);
      if (error instanceof ApiError && error.status === 0) return t('errors.offline');
      return t('errors.failed');
    },
    [t],
  );
}
