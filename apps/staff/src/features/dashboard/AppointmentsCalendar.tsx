import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DATE_FORMATS, dayKey, formatDate } from '@servicebay/web-core';
import { OrderNumber } from './OrderCard.js';
import { calendarDays, customerLines, yearMakeModel } from './format.js';
import type { DashboardOrder } from './orders-api.js';

export function AppointmentsCalendar({
  orders,
  storeId,
}: {
  orders: readonly DashboardOrder[];
  storeId: string;
}) {
  const { t, i18n } = useTranslation('dashboard');
  const todayKey = dayKey(new Date());
  return (
    <ul className="dashboard-calendar" aria-label={t('calendar.label')} data-testid="appointments-calendar">
      {calendarDays(orders).map((day) => (
        <li key={day.key} data-day={day.key}>
          <Paper withBorder radius="md" p="sm" h="100%">
            <Title order={3} size="h6" mb={4}>
              {day.key === todayKey ? `${t('calendar.today')} · ` : ''}
              {formatDate(day.date, DATE_FORMATS.dayMonth, i18n.language)}
            </Title>
            {day.orders.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('calendar.none')}
              </Text>
            ) : (
              <Stack gap={2} component="ul" className="dashboard-list">
                {day.orders.map((order) => {
                  const { name, business } = customerLines(order);
                  return (
                    <li key={order._id}>
                      <Link
                        className="dashboard-calendar-slot"
                        to={`/store/${encodeURIComponent(storeId)}/inspectionOrder/${encodeURIComponent(order._id)}`}
                        data-order-id={order._id}
                      >
                        <Text size="sm" fw={600} span>
                          {formatDate(order.scheduled, DATE_FORMATS.time, i18n.language)} ·{' '}
                          <OrderNumber orderNumber={order.orderNumber} />
                        </Text>
                        <Text size="sm">
                          {[name || business, yearMakeModel(order)].filter(Boolean).join(' · ')}
                        </Text>
                      </Link>
                    </li>
                  );
                })}
              </Stack>
            )}
          </Paper>
        </li>
      ))}
    </ul>
  );
}
