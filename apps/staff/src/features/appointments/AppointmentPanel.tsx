import { Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirmAppointmentRoute, orderAppointmentRoute, slotEnd } from '@servicebay/domain';
import { useAlerts } from '@servicebay/ui';
import { formatCalendarDay as dayText, formatWallTime as timeText } from '@servicebay/web-core';
import { useServices } from '../../context.js';

const appointmentKey = (storeId: string, inspectionOrderId: string) => ['order-appointment', storeId, inspectionOrderId] as const;

/**
 * On an appointment's ticket: what the customer asked through the portal (day and time in the
 * store's zone, services, notes) and whether it is confirmed; 'Confirm appointment' for those who
 * manage orders, while the ticket is open. Nothing on a ticket that holds no request.
 */
export function AppointmentPanel({ storeId, inspectionOrderId, closed, mayConfirm }: { storeId: string; inspectionOrderId: string; closed: boolean; mayConfirm: boolean }) {
  const { t, i18n } = useTranslation('appointments');
  const { api } = useServices();
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const locale = i18n.language.startsWith('fr') ? 'fr-CA' : 'en-US';
  const query = useQuery({
    queryKey: appointmentKey(storeId, inspectionOrderId),
    queryFn: ({ signal }) => api.call(orderAppointmentRoute, { params: { storeId, inspectionOrderId }, signal }),
  });
  const confirm = useMutation({
    mutationFn: () => api.call(confirmAppointmentRoute, { params: { storeId, inspectionOrderId } }),
    onSuccess: (appointment) => {
      queryClient.setQueryData(appointmentKey(storeId, inspectionOrderId), { appointment });
      alerts.show({ type: 'success', message: t('staff.confirmedToast') });
    },
    onError: () => alerts.show({ type: 'danger', message: t('staff.failed') }),
  });
  const appointment = query.data?.appointment;
  if (!appointment) return null;
  const confirmed = appointment.status === 'confirmed';
  return (
    <Paper withBorder radius="md" p="md" data-testid="order-appointment">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4">
            {t('staff.title')}
          </Title>
          <Badge color={confirmed ? 'teal.9' : 'orange.9'} data-testid="order-appointment-status">
            {t(confirmed ? 'staff.confirmed' : 'staff.requested')}
          </Badge>
        </Group>
        <Text fw={600}>
          {t('staff.when', { date: dayText(appointment.date, locale), start: timeText(appointment.time, locale), end: timeText(slotEnd(appointment.time), locale) })}{' '}
          <Text span c="dimmed" size="sm">
            ({appointment.timeZone})
          </Text>
        </Text>
        <div>
          <Text fw={600} size="sm">
            {t('staff.services')}
          </Text>
          {appointment.requestedServices.length ? (
            <List size="sm">
              {appointment.requestedServices.map((s) => (
                <List.Item key={s}>{s}</List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm">{t('staff.noServices')}</Text>
          )}
        </div>
        {appointment.notes && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            <Text span fw={600}>
              {t('staff.notesLabel')}
            </Text>{' '}
            {appointment.notes}
          </Text>
        )}
        {!confirmed && mayConfirm && !closed && (
          <Group>
            <Button onClick={() => confirm.mutate()} loading={confirm.isPending}>
              {t('staff.confirm')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
