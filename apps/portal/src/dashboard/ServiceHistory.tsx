import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isLanguage, portalVehicleOrdersRoute, shareReportRoute, type PortalOrder, type PortalStore, type PortalVehicle } from '@servicebay/domain';
import { useAlerts } from '@servicebay/ui';
import { DATE_FORMATS, formatDate } from '@servicebay/web-core';
import { logEvent } from '../analytics.js';
import { useServices } from '../context.js';
import { lazyDialog } from '../lazy-dialog.js';
import { historyStep, recordedMileage, vehicleName } from './dashboard.js';

// Loaded when first opened: the dashboard's first paint does not wait for the dialog.
const ShareReportModal = lazyDialog(() => import('../report/ShareReportModal.js').then((m) => m.ShareReportModal));

const SEVERITY_COLOR = { okay: 'teal.9', warning: 'yellow.9', critical: 'red.9' } as const;

/**
 * The selected vehicle's closed orders, one at a time, newest first: 'Previous report' steps to an
 * older one, 'Next report' to a newer one (disabled at either end; each step logged). Further
 * pages are read when 'Previous report' reaches the end of those loaded. Mount it with the
 * vehicle as key, so another vehicle starts at its newest order.
 */
export function ServiceHistory({
  vehicle,
  store,
  firstPage,
  totalOrders,
}: {
  vehicle: PortalVehicle;
  store: PortalStore;
  firstPage: PortalOrder[];
  totalOrders: number;
}) {
  const { t, i18n } = useTranslation('portal');
  const { api } = useServices();
  const alerts = useAlerts();
  const [more, setMore] = useState<PortalOrder[]>([]);
  const [index, setIndex] = useState(0);
  const [loadingMore, setLoadingMore] = useState(false);
  const [sharing, setSharing] = useState(false);
  const orders = [...firstPage, ...more];
  const order = orders[index] ?? null;
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';

  const step = async (direction: 'previous' | 'next') => {
    let target = historyStep(index, orders.length, direction);
    if (target === null && direction === 'previous' && orders.length < totalOrders && !loadingMore) {
      setLoadingMore(true);
      try {
        const page = await api.call(portalVehicleOrdersRoute, {
          params: { vehicleId: vehicle._id },
          query: { page: Math.floor(orders.length / firstPage.length), size: firstPage.length },
        });
        setMore((loaded) => [...loaded, ...page.orders]);
        target = page.orders.length > 0 ? index + 1 : null;
      } catch {
        alerts.show({ type: 'warning', message: t('dashboard.overviewFailed') });
      } finally {
        setLoadingMore(false);
      }
    }
    if (target === null) return;
    setIndex(target);
    logEvent(api, direction === 'previous' ? 'previousReport' : 'nextReport', { inspectionOrderId: orders[target]?._id ?? null });
  };

  const mileage = order ? recordedMileage(order.mileageIn) : null;
  const hasOlder = index + 1 < orders.length || orders.length < totalOrders;
  return (
    <Paper withBorder radius="lg" p="md" h="100%" component="section" aria-labelledby="history-title" data-testid="service-history">
      <Stack gap="sm">
        <Title order={2} size="h4" id="history-title">
          {t('history.title')}
        </Title>
        {!order ? (
          <Text c="dimmed">{t('history.empty')}</Text>
        ) : (
          <>
            <Stack gap={2} aria-live="polite" data-testid="history-order" data-order={order._id}>
              <Text fw={700} size="lg">
                {t('history.visit', { date: formatDate(order.date, DATE_FORMATS.date, language, { timeZone: store.timeZone }) })}
              </Text>
              <Text size="sm" c="dimmed">
                {[order.orderNumber ? t('history.ticket', { number: order.orderNumber }) : null, t('history.position', { n: index + 1, total: totalOrders })]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Stack>
            <Text>
              {t('history.mileageIn')}{' '}
              <Text span fw={600} data-testid="history-mileage">
                {mileage !== null ? mileage.toLocaleString(language) : t('history.notRecorded')}
              </Text>
            </Text>
            <Group gap="xs" aria-label={t('history.results')} role="group">
              {(['okay', 'warning', 'critical'] as const).map((severity) => (
                <Badge key={severity} color={SEVERITY_COLOR[severity]} variant="light" size="lg" data-severity={severity}>
                  {t(`history.${severity}`, { count: order.counts[severity] })}
                </Badge>
              ))}
            </Group>
            <Group gap="xs">
              <Button
                component="a"
                href={`/report/${encodeURIComponent(order._id)}`}
                target="_blank"
                rel="noopener"
                onClick={() => logEvent(api, 'viewReport', { inspectionOrderId: order._id })}
              >
                {t('history.viewReport')}
                <VisuallyHidden> {t('history.newTab')}</VisuallyHidden>
              </Button>
              <Button variant="default" onClick={() => setSharing(true)}>
                {t('history.share')}
              </Button>
            </Group>
          </>
        )}
        {order && (
          <Group justify="space-between" gap="xs">
            <Button variant="subtle" onClick={() => void step('previous')} disabled={!hasOlder} loading={loadingMore}>
              {t('history.previous')}
            </Button>
            <Button variant="subtle" onClick={() => void step('next')} disabled={index === 0}>
              {t('history.next')}
            </Button>
          </Group>
        )}
      </Stack>
      {order && (
        <ShareReportModal
          opened={sharing}
          language={language}
          vehicle={vehicleName(vehicle)}
          shop={store.name}
          onClose={() => setSharing(false)}
          send={(body) => api.call(shareReportRoute, { params: { inspectionOrderId: order._id }, query: {}, body, maxRetries: 0 })}
          onSent={(to) => {
            logEvent(api, 'shareReport', { inspectionOrderId: order._id });
            alerts.show({ type: 'success', message: t('history.shared', { to }) });
          }}
          onRefused={() => alerts.show({ type: 'danger', message: t('history.shareFailed') })}
        />
      )}
    </Paper>
  );
}
