import { Alert, Button, Stack } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppointmentProps } from './shared.js';

// The modal (calendar, times, services) loads when first opened, not with the dashboard.
const AppointmentModal = lazy(() => import('./AppointmentModal.js'));

/**
 * 'Request an appointment' for one vehicle: opens the appointment modal; says so once the request
 * is sent. With a visit already booked it is the quieter 'Request another appointment'.
 */
export function RequestAppointmentButton({ booked, ...props }: AppointmentProps & { booked: boolean }) {
  const { t } = useTranslation('appointments');
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [sent, setSent] = useState(false);
  return (
    <Stack gap="xs">
      <Button
        variant={booked ? 'default' : 'filled'}
        onClick={() => {
          setLoaded(true);
          setOpened(true);
          setSent(false);
        }}
      >
        {t(booked ? 'requestAnother' : 'request')}
      </Button>
      {sent && (
        <Alert color="green" role="status" data-testid="appointment-sent">
          {t('sent')}
        </Alert>
      )}
      {loaded && (
        <Suspense fallback={null}>
          <AppointmentModal
            {...props}
            opened={opened}
            onClose={() => setOpened(false)}
            onSent={() => setSent(true)}
          />
        </Suspense>
      )}
    </Stack>
  );
}
