import { useEffect, useRef } from 'react';
import { Anchor, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { orderNumberDisplay, topics } from '@servicebay/domain';
import { useRealtime } from '../../kit/realtime.js';
import {
  applyReportApproved,
  approvalNoticeText,
  noticeOnce,
  readReportApproved,
  staleAfterApproval,
} from './approval-live.js';

/**
 * For every signed-in page of a store's user: a customer's signed decisions
 * (`store/{storeId}/reportApproved`, which the server lets only the store's staff hear) move the
 * order's approval step on every cached list and order at once, make its results, estimate and
 * approval trail stale, and show a notice ("Jane Doe approved 2 items and declined 1, $126.47")
 * that links to the order. The notice stays until closed (no time limit to read or reach it).
 */
export function useApprovalNotices(storeId: string | null) {
  const realtime = useRealtime();
  const queryClient = useQueryClient();
  const { t, i18n } = useTranslation('dashboard');
  const seen = useRef<string[]>([]);
  // The handler reads the current language and texts without subscribing again on a change.
  const words = useRef({ t, language: i18n.language });
  words.current = { t, language: i18n.language };

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
      const { t: say, language } = words.current;
      const text = approvalNoticeText(event, language);
      const sentence = say(`approvalNotice.${text.key}`, text.values);
      const number = orderNumberDisplay(event.orderNumber, 'long');
      const order = number.kind === 'number' ? say(number.key, { number: number.number }) : say(number.key);
      notifications.show({
        id: `approval-${event.inspectionOrderId}-${event.at}`,
        title: say('approvalNotice.title', { order }),
        color: 'teal.9',
        autoClose: false,
        withBorder: true,
        closeButtonProps: { 'aria-label': say('approvalNotice.close') },
        message: (
          <Stack gap={4} data-testid="approval-notice" data-order-id={event.inspectionOrderId}>
            <Text size="sm" c="bright">
              {text.total ? say('approvalNotice.withTotal', { text: sentence, total: text.total }) : sentence}
            </Text>
            <Anchor
              component={Link}
              to={`/store/${encodeURIComponent(storeId)}/inspectionOrder/${encodeURIComponent(event.inspectionOrderId)}`}
              size="sm"
              fw={600}
              onClick={() => notifications.hide(`approval-${event.inspectionOrderId}-${event.at}`)}
            >
              {say('approvalNotice.open', { order })}
            </Anchor>
          </Stack>
        ),
      });
    });
  }, [realtime, queryClient, storeId]);
}
