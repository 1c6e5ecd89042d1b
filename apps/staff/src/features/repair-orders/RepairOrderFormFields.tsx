import { memo, useCallback, type Dispatch, type SetStateAction } from 'react';
import { Paper, Select, SimpleGrid, Stack, Switch, Textarea, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isAdvisor, isRole, isTechnician } from '@servicebay/domain';
import { useServices } from '../../context.js';
import { ticketWorkersQuery } from './repair-order-api.js';
import { invalidMileage, type RepairOrderFormValues } from './repair-order-form.js';

type Worker = { _id: string; firstName?: string | null; lastName?: string | null; username?: string; type?: string };

const workerName = (w: Worker) => [w.firstName, w.lastName].filter(Boolean).join(' ') || w.username || w._id;

/** The store's workers for the advisor and technician selects. */
function useWorkers(storeId: string) {
  const { api } = useServices();
  return useQuery({
    ...ticketWorkersQuery(api, storeId),
    staleTime: 5 * 60_000,
  });
}

/**
 * The note grows with its text (Mantine's autosize measures the textarea's computed style, which
 * makes the browser lay the page out): kept apart so that it renders only when the note changes,
 * not at each key typed in the other fields or in the customer and vehicle panel.
 */
const NoteField = memo(function NoteField({ value, onChange }: { value: string; onChange: (note: string) => void }) {
  const { t } = useTranslation('repairOrderForm');
  return (
    <Textarea
      label={t('fields.note')}
      autosize
      minRows={2}
      maxRows={8}
      maxLength={4000}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
});

/**
 * Order number, mileage in and out, note, time promised, waiting, advisor and technician. Renders
 * again only when the ticket's values change (typing in the panel beside it does not), so
 * `onChange` must be stable: the page's state setter.
 */
export const RepairOrderFormFields = memo(function RepairOrderFormFields({
  storeId,
  value,
  onChange,
}: {
  storeId: string;
  value: RepairOrderFormValues;
  onChange: Dispatch<SetStateAction<RepairOrderFormValues>>;
}) {
  const { t } = useTranslation('repairOrderForm');
  const workers = useWorkers(storeId);
  const list = (workers.data ?? []) as Worker[];
  const of = (keep: (w: Worker) => boolean, current: string | null) => [
    { value: '', label: t('fields.unassigned') },
    ...list.filter((w) => keep(w) || w._id === current).map((w) => ({ value: w._id, label: workerName(w) })),
  ];
  const advisors = of((w) => isRole(w.type) && isAdvisor(w.type), value.serviceAdvisorId);
  const technicians = of((w) => isRole(w.type) && isTechnician(w.type), value.technicianId);
  const bad = invalidMileage(value);
  const text = (field: 'orderNumber' | 'mileageIn' | 'mileageOut' | 'timePromised') => ({
    value: value[field],
    onChange: (event: { currentTarget: { value: string } }) => {
      const typed = event.currentTarget.value;
      onChange((v) => ({ ...v, [field]: typed }));
    },
  });
  const setNote = useCallback((note: string) => onChange((v) => ({ ...v, note })), [onChange]);

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="ticket-fields-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="ticket-fields-title">
          {t('fields.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <TextInput label={t('fields.orderNumber')} maxLength={30} autoComplete="off" {...text('orderNumber')} />
          <TextInput
            label={t('fields.mileageIn')}
            inputMode="numeric"
            autoComplete="off"
            error={bad.includes('mileageIn') ? t('fields.mileageInvalid') : undefined}
            {...text('mileageIn')}
          />
          <TextInput
            label={t('fields.mileageOut')}
            inputMode="numeric"
            autoComplete="off"
            error={bad.includes('mileageOut') ? t('fields.mileageInvalid') : undefined}
            {...text('mileageOut')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label={t('fields.serviceAdvisor')}
            data={advisors}
            value={value.serviceAdvisorId ?? ''}
            onChange={(v) => onChange((current) => ({ ...current, serviceAdvisorId: v || null }))}
            allowDeselect={false}
          />
          <Select
            label={t('fields.technician')}
            data={technicians}
            value={value.technicianId ?? ''}
            onChange={(v) => onChange((current) => ({ ...current, technicianId: v || null }))}
            allowDeselect={false}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput type="datetime-local" label={t('fields.timePromised')} {...text('timePromised')} />
          <Switch
            mt={{ base: 0, xs: 'xl' }}
            size="md"
            label={t('fields.waiting')}
            checked={value.waiting}
            onChange={(event) => {
              const waiting = event.currentTarget.checked;
              onChange((current) => ({ ...current, waiting }));
            }}
          />
        </SimpleGrid>
        <NoteField value={value.note} onChange={setNote} />
      </Stack>
    </Paper>
  );
});
