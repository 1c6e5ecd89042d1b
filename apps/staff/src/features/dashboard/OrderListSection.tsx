import { Button, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '@servicebay/ui';
import { AppointmentsCalendar } from './AppointmentsCalendar.js';
import { OrderCard } from './OrderCard.js';
import type { OrderList } from './orders-api.js';
import { pageCount, pageMoves } from './dashboard-view.js';
import type { CardView } from './technician-view.js';

export interface OrderListSectionProps {
  id: string;
  title: string;
  /** Shown as the section's heading; a single list keeps it for screen readers only. */
  showTitle: boolean;
  storeId: string;
  data: OrderList | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  page: number;
  size: number;
  onPage: (page: number) => void;
  emptyText: string;
  appointments: boolean;
  calendar: boolean;
  /** The order to show highlighted (its report just sent), when it is in this list. */
  highlightId?: string | null;
  /** The six steps (advisors) or the technician's one state. */
  cardView: CardView;
}

/** One list of orders with its loading, error and empty states and its pages. */
export function OrderListSection(props: OrderListSectionProps) {
  const { t } = useTranslation('dashboard');
  const { id, title, data, page, size } = props;
  const pages = data ? pageCount(data.total, size) : 1;
  const moves = pageMoves(page, pages);
  const headingId = `${id}-heading`;

  return (
    <Stack
      gap="sm"
      component="section"
      aria-labelledby={headingId}
      data-list={id}
      aria-busy={props.isPending}
    >
      <Title
        order={2}
        size="h4"
        id={headingId}
        className={props.showTitle ? undefined : 'dashboard-visually-hidden'}
      >
        {title}
      </Title>
      {props.isPending && !data ? (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text>{t('loading')}</Text>
        </Group>
      ) : props.isError && !data ? (
        <Stack gap="sm" align="flex-start">
          <AlertBanner alert={{ type: 'warning', message: t('error') }} />
          <Button onClick={props.onRetry}>{t('retry')}</Button>
        </Stack>
      ) : !data || data.orders.length === 0 ? (
        <Text data-testid="empty-list">{props.emptyText}</Text>
      ) : props.calendar ? (
        <AppointmentsCalendar orders={data.orders} storeId={props.storeId} />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }} spacing="md" component="ul" className="dashboard-list">
          {data.orders.map((order) => (
            <li key={order._id}>
              <OrderCard
                order={order}
                storeId={props.storeId}
                appointment={props.appointments}
                highlighted={order._id === props.highlightId}
                view={props.cardView}
              />
            </li>
          ))}
        </SimpleGrid>
      )}
      {data && pages > 1 && (
        <Group component="nav" aria-label={t('pagination.label', { list: title })} gap="sm">
          <Button variant="default" disabled={!moves.previous} onClick={() => props.onPage(page - 1)}>
            {t('pagination.previous')}
          </Button>
          <Text aria-live="polite">{t('pagination.page', { page: page + 1, pages })}</Text>
          <Button variant="default" disabled={!moves.next} onClick={() => props.onPage(page + 1)}>
            {t('pagination.next')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
