import { useCallback, useEffect, useRef } from 'react';
import { Anchor, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { orderNumberDisplay, topics, type ReportApprovedEvent } from '@servicebay/domain';
import { AlertBanner } from '@servicebay/ui';
import { useRealtime } from '../../kit/realtime.js';
import {
  applyReportApproved,
  approvalNoticeText,
  noticeOnce,
  readReportApproved,
  staleAfterApproval,
} from './approval-live.js';

/** The last signing of an order told to this tab, which its order page's header shows. */
const noticeKey = (storeId: string, inspectionOrderId: string) =>
  ['approval-notice', storeId, inspectionOrderId] as const;

/** The order page's path inside the app (the router's, without /app). */
const orderPath = (storeId: string, inspectionOrderId: string) =>
  `/store/${encodeURIComponent(storeId)}/inspectionOrder/${encodeURIComponent(inspectionOrderId)}`;

/** A notice's words: its title (the order named) and its sentence ("Jane Doe approved 2 items and declined 1, $126.47"). */
function useNoticeWords() {
  const { t, i18n } = useTranslation('dashboard');
  return useCallback(
    (event: ReportApprovedEvent) => {
      const text = approvalNoticeText(event, i18n.language);
      const sentence = t(`approvalNotice.${text.key}`, text.values);
      const number = orderNumberDisplay(event.orderNumber, 'long');
      const order = number.kind === 'number' ? t(number.key, { number: number.number }) : t(number.key);
      return {
        order,
        title: t('approvalNotice.title', { order }),
        text: text.total ? t('approvalNotice.withTotal', { text: sentence, total: text.total }) : sentence,
        open: t('approvalNotice.open', { order }),
        close: t('approvalNotice.close'),
      };
    },
    [t, i18n.language],
  );
}

/**
 * For every signed-in page of a store's user: a customer's signed decisions
 * (`store/{storeId}/reportApproved`, which the server lets only the store's staff hear) move the
 * order's approval step on every cached list and order at once, make its results, estimate and
 * approval trail stale, and are told: in the header of that order's page when it is the page
 * shown (`ApprovalHeaderNotice`), else in a notice at the top right that links to the order. The
 * notice stays until closed (no time limit to read or reach it).
 */
export function useApprovalNotices(storeId: string | null) {
  const realtime = useRealtime();
  const queryClient = useQueryClient();
  const words = useNoticeWords();
  const location = useLocation();
  const seen = useRef<string[]>([]);
  // The handler reads the page shown and the current words without subscribing again.
  const current = useRef({ words, pathname: location.pathname });
  current.current = { words, pathname: location.pathname };

  // The notices belong to the user who got them: another signing in on the tablet starts with none.
  useEffect(() => () => notifications.clean(), []);

  useEffect(() => {
    if (!realtime || !storeId) return;
    return realtime.subscribe(topics.store(storeId).reportApproved, (payload) => {
      const event = readReportApproved(payload);
      if (!event) return;
      applyReportApproved(queryClient, storeId, event);
      for (const queryKey of staleAfterApproval(storeId, event.inspectionOrderId))
        void queryClient.invalidateQueries({ queryKey });
      const once = noticeOnce(seen.current, event);
      seen.current = once.seen;
      if (!once.show) return;
      queryClient.setQueryData(noticeKey(storeId, event.inspectionOrderId), event);
      const path = orderPath(storeId, event.inspectionOrderId);
      if (current.current.pathname === path) return;
      const said = current.current.words(event);
      const id = `approval-${event.inspectionOrderId}-${event.at}`;
      notifications.show({
        id,
        title: said.title,
        color: 'teal.9',
        autoClose: false,
        withBorder: true,
        closeButtonProps: { 'aria-label': said.close },
        message: (
          <Stack gap={4} data-testid="approval-notice" data-order-id={event.inspectionOrderId}>
            <Text size="sm" c="bright">
              {said.text}
            </Text>
            <Anchor component={Link} to={path} size="sm" fw={600} onClick={() => notifications.hide(id)}>
              {said.open}
            </Anchor>
          </Stack>
        ),
      });
    });
  }, [realtime, queryClient, storeId]);
}

/**
 * The order page's header notice: the customer's last signing on this order told to this tab,
 * until closed (the floating notice is not shown on the order's own page).
 */
export function ApprovalHeaderNotice({ storeId, inspectionOrderId }: { storeId: string; inspectionOrderId: string }) {
  const queryClient = useQueryClient();
  const words = useNoticeWords();
  const key = noticeKey(storeId, inspectionOrderId);
  // Only ever written by the live handler above; nothing to fetch.
  const notice = useQuery<ReportApprovedEvent | null>({
    queryKey: key,
    queryFn: () => null,
    enabled: false,
    staleTime: Infinity,
  });
  if (!notice.data) return null;
  const said = words(notice.data);
  return (
    <div data-testid="approval-notice" data-order-id={inspectionOrderId}>
      <AlertBanner
        alert={{ type: 'success', strongMessage: said.title, message: said.text }}
        onClose={() => queryClient.setQueryData(key, null)}
      />
    </div>
  );
}
