import { Alert, Badge, Button, Checkbox, Chip, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  APPOINTMENT_LIMITS,
  appointmentSlots,
  requestAppointmentRoute,
  slotEnd,
  type Appointment,
} from '@servicebay/domain';
import { ApiError } from '@servicebay/web-core';
import { logEvent } from '../analytics.js';
import { useServices } from '../context.js';
import { bookableRange, formatDay, formatTime, isChoosable, localeOf } from './calendar.js';
import { MonthCalendar } from './MonthCalendar.js';
import classes from './appointments.module.css';
import { vehicleName, type AppointmentProps } from './shared.js';


/**
 * The appointment modal: a day from the calendar (blocked days as the store's rules say, in its
 * time zone), one of the day's 30-minute times, the services wanted among the vehicle's deferred
 * work and to-dos, and notes. Choosing a day clears the time; Proceed (enabled once a time is
 * chosen) shows the request to check; OK sends it and closes; Cancel clears the notes and closes.
 */
export default function AppointmentModal({ customerId, vehicle, store, deferredItems, todos, onBooked, opened, onClose, onSent }: AppointmentProps & { opened: boolean; onClose: () => void; onSent: (a: Appointment) => void }) {
  const { t, i18n } = useTranslation('appointments');
  const { api } = useServices();
  const locale = localeOf(i18n.language);
  const fr = i18n.language.startsWith('fr');
  const phone = useMediaQuery('(max-width: 424.98px)');
  // The clock is read when the modal opens: a day does not close while the customer reads it.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- read again each time the modal opens
  const now = useMemo(() => new Date(), [opened]);
  const { today, last } = bookableRange(now, store.timeZone);
  const [day, setDay] = useState<string | null>(null);
  const [time, setTime] = useState<string | null>(null);
  const [services, setServices] = useState<string[]>([]);
  const [notes, setNotes] = useState('');
  const [reviewing, setReviewing] = useState(false);
  // One key for one request: OK pressed twice, or a retry over a flaky network, books once.
  const [key, setKey] = useState(() => crypto.randomUUID());

  const choices = [
    ...deferredItems.map((d) => ({ id: `deferred:${d.resultId}`, text: fr ? d.name.fr : d.name.en, kind: t('deferred') })),
    ...todos.map((item) => ({ id: `todo:${item._id}`, text: item.value, kind: t('todo') })),
  ];
  const chosenTexts = choices.filter((c) => services.includes(c.id)).map((c) => c.text);

  const slots = day ? appointmentSlots(day, store.openTime, now, store.timeZone) : [];
  const send = useMutation({
    mutationFn: () =>
      api.call(requestAppointmentRoute, {
        params: { customerId },
        body: { vehicleId: vehicle._id, date: day!, time: time!, requestedServices: [...new Set(chosenTexts)], notes: notes.trim(), language: fr ? 'fr' : 'en' },
        idempotencyKey: key,
      }),
    onSuccess: (appointment) => {
      onBooked();
      reset();
      onSent(appointment);
      onClose();
    },
  });

  function reset() {
    setDay(null);
    setTime(null);
    setServices([]);
    setNotes('');
    setReviewing(false);
    send.reset();
  }

  const chooseDay = (d: string) => {
    setDay(d);
    setTime(null);
  };
  const chooseTime = (value: string) => {
    setTime(value);
    logEvent(api, 'selectAppointmentTime', { date: day!, time: value });
  };
  const cancel = () => {
    setNotes('');
    setReviewing(false);
    send.reset();
    onClose();
  };

  const when = day && time ? t('when', { date: formatDay(day, locale), start: formatTime(time, locale), end: formatTime(slotEnd(time), locale) }) : '';
  const failure = send.error instanceof ApiError && send.error.status === 400 ? t('refused') : send.error ? t('failed') : null;

  return (
    <Modal
      opened={opened}
      onClose={cancel}
      title={reviewing ? t('reviewTitle') : t('title')}
      fullScreen={phone}
      size="lg"
      centered={!phone}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {reviewing ? (
        <Stack gap="sm">
          <Text fw={600} data-testid="appointment-when">
            {when}
          </Text>
          <Text>{t('vehicle', { vehicle: vehicleName(vehicle) })}</Text>
          {chosenTexts.length > 0 && (
            <div>
              <Text fw={600}>{t('services')}</Text>
              <ul>
                {chosenTexts.map((s) => (
                  <li key={s}>{s}</li>
                ))}
              </ul>
            </div>
          )}
          {notes.trim() && (
            <Text style={{ whiteSpace: 'pre-wrap' }}>
              <Text span fw={600}>
                {t('notesLabel')}
              </Text>{' '}
              {notes.trim()}
            </Text>
          )}
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end" mt="md">
            <Button
              variant="default"
              onClick={() => {
                send.reset();
                setReviewing(false);
              }}
              disabled={send.isPending}
            >
              {t('back')}
            </Button>
            <Button onClick={() => send.mutate()} loading={send.isPending}>
              {t('ok')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text size="sm">{t('vehicle', { vehicle: vehicleName(vehicle) })}</Text>
          <div>
            <Text fw={600} id="appointment-day-label">
              {t('chooseDay')}
            </Text>
            <MonthCalendar value={day} onChange={chooseDay} isChoosable={(d) => isChoosable(d, store.openTime, now, store.timeZone)} today={today} last={last} />
          </div>
          <div role="group" aria-labelledby="appointment-time-label">
            <Text fw={600} id="appointment-time-label">
              {t('chooseTime')}
            </Text>
            <Text size="xs" c="dimmed" mb={6}>
              {t('timeZone', { zone: store.timeZone })}
            </Text>
            {!day ? (
              <Text size="sm">{t('chooseDayFirst')}</Text>
            ) : slots.length === 0 ? (
              <Text size="sm">{t('noTimes')}</Text>
            ) : (
              <Chip.Group multiple={false} value={time} onChange={chooseTime}>
                <div className={classes.slots}>
                  {slots.map((s) => (
                    <Chip key={s} value={s} variant="outline">
                      {formatTime(s, locale)}
                    </Chip>
                  ))}
                </div>
              </Chip.Group>
            )}
          </div>
          <Checkbox.Group label={t('services')} description={choices.length ? t('servicesHint') : t('noServices')} value={services} onChange={setServices}>
            <Stack gap={6} mt={6}>
              {choices.map((c) => (
                <Checkbox
                  key={c.id}
                  value={c.id}
                  label={
                    <Group gap={6} wrap="nowrap" component="span">
                      <span>{c.text}</span>
                      <Badge size="xs" variant="light" component="span">
                        {c.kind}
                      </Badge>
                    </Group>
                  }
                />
              ))}
            </Stack>
          </Checkbox.Group>
          <Textarea
            label={t('notes')}
            description={t('notesHint', { max: APPOINTMENT_LIMITS.notesMaxLength })}
            value={notes}
            maxLength={APPOINTMENT_LIMITS.notesMaxLength}
            autosize
            minRows={2}
            maxRows={6}
            onChange={(e) => setNotes(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={cancel}>
              {t('cancel')}
            </Button>
            <Button
              disabled={!time}
              onClick={() => {
                // A key per request checked: OK pressed twice sends it once; a changed request is a new one.
                setKey(crypto.randomUUID());
                setReviewing(true);
              }}
            >
              {t('proceed')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
