import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Appointment } from '@servicebay/domain';
import { formatDay, formatTime, localeOf } from './calendar.js';

/**
 * The vehicle's next appointment as the dashboard's next visit shows it: the day, the time range
 * (the store's wall clock) and whether the shop has confirmed it; 'No appointment booked.' otherwise.
 */
export function NextAppointment({ appointment }: { appointment: Appointment | null }) {
  const { t, i18n } = useTranslation('appointments');
  const locale = localeOf(i18n.language);
  return (
    <Paper withBorder radius="md" p="md" data-testid="next-appointment">
      <Stack gap={6}>
        {/* Inside the dashboard's 'Next visit' section (h2). */}
        <Title order={3} size="h5">
          {t('next.title')}
        </Title>
        {!appointment && <Text c="dimmed">{t('next.none')}</Text>}
        {appointment && (
          <>
            <Group gap="xs" justify="space-between" wrap="wrap">
              <Text fw={600}>{formatDay(appointment.date, locale)}</Text>
              <Badge color={appointment.status === 'confirmed' ? 'green' : 'yellow'} variant="light" data-testid="appointment-status">
                {t(appointment.status === 'confirmed' ? 'next.confirmed' : 'next.requested')}
              </Badge>
            </Group>
            <Text>
              {formatTime(appointment.time, locale)} – {formatTime(appointment.endTime, locale)}
            </Text>
            <Text size="sm" c="dimmed">
              {t(appointment.status === 'confirmed' ? 'next.confirmedHint' : 'next.requestedHint')}
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}
