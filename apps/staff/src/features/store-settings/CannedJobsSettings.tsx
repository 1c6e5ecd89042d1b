import { useState, type FormEvent } from 'react';
import { ActionIcon, Button, Group, Modal, NumberInput, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney, lineAmounts, MAX_CANNED_JOBS, type CannedJob, type Estimate } from '@servicebay/domain';
import { AlertBanner, useAlerts, useDialogs } from '@servicebay/ui';
import { isApiError } from '@servicebay/web-core';
import { useServices } from '../../context.js';
import {
  cannedJobsQuery,
  cannedJobsQueryKey,
  createCannedJob,
  deleteCannedJob,
  updateCannedJob,
} from '../estimates/canned-jobs-api.js';
import {
  changeRow,
  draftOf,
  fieldPaths,
  fieldProblems,
  lineSaveBody,
  newFee,
  newPart,
  removeRow,
  shownProblems,
  touchedAfterRemoval,
  type LineDraft,
  type Typed,
} from '../estimates/estimate-lines.js';

/**
 * The store settings' canned jobs (docs/estimates.md "Canned jobs"): the list, and a dialog to add
 * or change one (name, labour hours, parts, fees). Each job is saved on its own, at once; the
 * server keeps names unique and the list to MAX_CANNED_JOBS.
 */
export function CannedJobsSettings({ storeId, currency, labourRate }: { storeId: string; currency: Estimate['currency']; labourRate: number }) {
  const { t, i18n } = useTranslation(['estimates']);
  const { api } = useServices();
  const alerts = useAlerts();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const jobs = useQuery(cannedJobsQuery(api, storeId));
  const [editing, setEditing] = useState<CannedJob | 'new' | null>(null);
  const money = (cents: number) => formatMoney(cents, currency, i18n.language);

  const remove = useMutation({
    mutationFn: (job: CannedJob) => deleteCannedJob(api, storeId, job._id),
    onSuccess: (_done, job) => {
      void queryClient.invalidateQueries({ queryKey: cannedJobsQueryKey(storeId) });
      alerts.show({ type: 'success', message: t('cannedJobs.removed', { name: job.name }) });
    },
    onError: () => alerts.show({ type: 'danger', message: t('cannedJobs.removeFailed') }),
  });

  const list = jobs.data ?? [];
  const full = list.length >= MAX_CANNED_JOBS;
  return (
    <Stack gap="sm" data-testid="canned-jobs">
      {jobs.isError && <AlertBanner alert={{ type: 'warning', message: t('cannedJobs.loadFailed') }} />}
      {jobs.isSuccess && list.length === 0 && <Text size="sm">{t('cannedJobs.empty')}</Text>}
      {list.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing={6}>
            <Table.Caption>{t('cannedJobs.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('cannedJobs.name')}</Table.Th>
                <Table.Th ta="right">{t('cannedJobs.labourHours')}</Table.Th>
                <Table.Th>{t('cannedJobs.parts')}</Table.Th>
                <Table.Th ta="right">{t('cannedJobs.price')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('cannedJobs.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((job) => (
                <Table.Tr key={job._id} data-testid="canned-job-row">
                  <Table.Td fw={600}>{job.name}</Table.Td>
                  <Table.Td ta="right">{job.labourHours}</Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={2}>
                      {[...job.parts.map((p) => (p.quantity === 1 ? p.description : `${p.description} × ${p.quantity}`)), ...job.fees.map((f) => f.description)].join(', ') ||
                        '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {money(lineAmounts(job, labourRate).subtotal)}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <Button size="compact-sm" variant="default" aria-label={t('cannedJobs.edit', { name: job.name })} onClick={() => setEditing(job)}>
                        {t('cannedJobs.editButton')}
                      </Button>
                      <ActionIcon
                        variant="subtle"
                        color="red.8"
                        size="lg"
                        aria-label={t('cannedJobs.remove', { name: job.name })}
                        loading={remove.isPending && remove.variables?._id === job._id}
                        onClick={async () => {
                          const sure = await dialogs.confirm({
                            message: t('cannedJobs.removeConfirm', { name: job.name }),
                            okLabel: t('cannedJobs.remove', { name: job.name }),
                            danger: true,
                          });
                          if (sure) remove.mutate(job);
                        }}
                      >
                        ×
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group gap="sm">
        <Button variant="default" disabled={full || !jobs.isSuccess} onClick={() => setEditing('new')}>
          {t('cannedJobs.add')}
        </Button>
        <Text size="sm" c="dimmed">
          {full ? t('cannedJobs.limit', { max: MAX_CANNED_JOBS }) : t('cannedJobs.count', { count: list.length })}
        </Text>
      </Group>
      {editing && (
        <CannedJobDialog
          storeId={storeId}
          job={editing === 'new' ? null : editing}
          money={money}
          labourRate={labourRate}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}

const EMPTY_JOB: LineDraft = { description: '', labourHours: 0, parts: [], fees: [] };

/** A job's fields; its name is the draft's description, so the estimate grid's rules check it. */
function CannedJobDialog({
  storeId,
  job,
  money,
  labourRate,
  onClose,
}: {
  storeId: string;
  job: CannedJob | null;
  money: (cents: number) => string;
  labourRate: number;
  onClose: () => void;
}) {
  const { t } = useTranslation(['estimates', 'ui']);
  const { api } = useServices();
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<LineDraft>(() => (job ? draftOf({ ...job, description: job.name }) : EMPTY_JOB));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [nameTaken, setNameTaken] = useState(false);
  const touch = (path: string) => () => setTouched((s) => new Set([...s, path]));
  const problems = shownProblems(draft, touched);
  const problem = (path: string) =>
    problems[path] ? (path === 'description' ? t('cannedJobs.nameMissing') : t(`problems.${problems[path]}`)) : undefined;
  const set = (change: (d: LineDraft) => LineDraft) => setDraft(change);

  const save = useMutation({
    mutationFn: () => {
      const { description, ...rest } = lineSaveBody(draft);
      const body = { name: description, ...rest };
      return job ? updateCannedJob(api, storeId, job._id, body) : createCannedJob(api, storeId, body);
    },
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: cannedJobsQueryKey(storeId) });
      alerts.show({ type: 'success', message: t('cannedJobs.saved', { name: saved.name }) });
      onClose();
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 409) setNameTaken(true);
      else alerts.show({ type: 'danger', message: isApiError(error) && error.status === 400 ? t('errors.invalid', { message: error.message }) : t('cannedJobs.saveFailed') });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog's form sits inside the settings form in React's tree: its submit stops here.
    event.stopPropagation();
    if (Object.keys(fieldProblems(draft)).length > 0) {
      setTouched(new Set(fieldPaths(draft)));
      return;
    }
    save.mutate();
  };

  const price = (label: string, value: Typed, path: string, onChange: (v: Typed) => void) => (
    <NumberInput
      aria-label={label}
      value={value}
      min={0}
      allowNegative={false}
      decimalScale={2}
      hideControls
      error={problem(path)}
      onChange={onChange}
      onBlur={touch(path)}
      w={110}
    />
  );

  return (
    <Modal
      opened
      onClose={onClose}
      title={job ? t('cannedJobs.editTitle') : t('cannedJobs.newTitle')}
      size="xl"
      closeButtonProps={{ 'aria-label': t('ui:dialog.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group gap="md" align="flex-start" wrap="wrap">
            <TextInput
              label={t('cannedJobs.name')}
              required
              data-autofocus
              value={draft.description}
              maxLength={100}
              style={{ flex: '1 1 16rem' }}
              error={nameTaken ? t('cannedJobs.nameTaken') : problem('description')}
              onChange={(e) => {
                const description = e.currentTarget.value;
                setNameTaken(false);
                set((d) => ({ ...d, description }));
              }}
              onBlur={touch('description')}
            />
            <NumberInput
              label={t('cannedJobs.labourHours')}
              value={draft.labourHours}
              min={0}
              max={999}
              allowNegative={false}
              decimalScale={2}
              hideControls
              error={problem('labourHours')}
              onChange={(labourHours) => set((d) => ({ ...d, labourHours }))}
              onBlur={touch('labourHours')}
              w={150}
            />
          </Group>

          <Stack gap={6}>
            <Text size="sm" fw={600}>
              {t('cannedJobs.parts')}
            </Text>
            {draft.parts.length === 0 && <Text size="sm" c="dimmed">{t('cannedJobs.noParts')}</Text>}
            {draft.parts.length > 0 && (
              <Group gap="xs" wrap="nowrap" aria-hidden="true">
                <Text size="xs" c="dimmed" fw={600} w={120}>{t('part.number')}</Text>
                <Text size="xs" c="dimmed" fw={600} style={{ flex: 1 }}>{t('part.description')}</Text>
                <Text size="xs" c="dimmed" fw={600} w={80}>{t('part.quantity')}</Text>
                <Text size="xs" c="dimmed" fw={600} w={110}>{t('part.unitPrice')}</Text>
                <span style={{ width: 34 }} />
              </Group>
            )}
            {draft.parts.map((part, i) => {
              const p = i + 1;
              const at = `parts.${i}`;
              return (
                <Group key={i} gap="xs" align="flex-start" wrap="nowrap" data-testid="job-part">
                  <TextInput aria-label={t('cannedJobs.partNumber', { p })} value={part.number} maxLength={60} w={120} onChange={(e) => { const number = e.currentTarget.value; set((d) => ({ ...d, parts: changeRow(d.parts, i, { number }) })); }} />
                  <TextInput
                    aria-label={t('cannedJobs.partDescription', { p })}
                    value={part.description}
                    maxLength={200}
                    style={{ flex: 1 }}
                    error={problem(`${at}.description`)}
                    onChange={(e) => {
                      const description = e.currentTarget.value;
                      set((d) => ({ ...d, parts: changeRow(d.parts, i, { description }) }));
                    }}
                    onBlur={touch(`${at}.description`)}
                  />
                  <NumberInput
                    aria-label={t('cannedJobs.partQuantity', { p })}
                    value={part.quantity}
                    min={0}
                    max={9999}
                    allowNegative={false}
                    decimalScale={2}
                    hideControls
                    w={80}
                    error={problem(`${at}.quantity`)}
                    onChange={(quantity) => set((d) => ({ ...d, parts: changeRow(d.parts, i, { quantity }) }))}
                    onBlur={touch(`${at}.quantity`)}
                  />
                  {price(t('cannedJobs.partUnitPrice', { p }), part.unitPrice, `${at}.unitPrice`, (unitPrice) =>
                    set((d) => ({ ...d, parts: changeRow(d.parts, i, { unitPrice }) })),
                  )}
                  <ActionIcon
                    variant="subtle"
                    color="gray.7"
                    size="lg"
                    aria-label={t('cannedJobs.removePart', { p })}
                    onClick={() => {
                      set((d) => ({ ...d, parts: removeRow(d.parts, i) }));
                      setTouched((s) => touchedAfterRemoval(s, 'parts', i));
                    }}
                  >
                    ×
                  </ActionIcon>
                </Group>
              );
            })}
            <Group>
              <Button size="compact-sm" variant="subtle" onClick={() => set((d) => ({ ...d, parts: [...d.parts, newPart()] }))}>
                + {t('part.add')}
              </Button>
            </Group>
          </Stack>

          <Stack gap={6}>
            <Text size="sm" fw={600}>
              {t('cannedJobs.fees')}
            </Text>
            {draft.fees.length === 0 && <Text size="sm" c="dimmed">{t('cannedJobs.noFees')}</Text>}
            {draft.fees.length > 0 && (
              <Group gap="xs" wrap="nowrap" aria-hidden="true">
                <Text size="xs" c="dimmed" fw={600} style={{ flex: 1 }}>{t('fee.description')}</Text>
                <Text size="xs" c="dimmed" fw={600} w={110}>{t('fee.amount')}</Text>
                <span style={{ width: 34 }} />
              </Group>
            )}
            {draft.fees.map((fee, i) => {
              const f = i + 1;
              const at = `fees.${i}`;
              return (
                <Group key={i} gap="xs" align="flex-start" wrap="nowrap" data-testid="job-fee">
                  <TextInput
                    aria-label={t('cannedJobs.feeDescription', { f })}
                    value={fee.description}
                    maxLength={200}
                    style={{ flex: 1 }}
                    error={problem(`${at}.description`)}
                    onChange={(e) => {
                      const description = e.currentTarget.value;
                      set((d) => ({ ...d, fees: changeRow(d.fees, i, { description }) }));
                    }}
                    onBlur={touch(`${at}.description`)}
                  />
                  {price(t('cannedJobs.feeAmount', { f }), fee.amount, `${at}.amount`, (amount) =>
                    set((d) => ({ ...d, fees: changeRow(d.fees, i, { amount }) })),
                  )}
                  <ActionIcon
                    variant="subtle"
                    color="gray.7"
                    size="lg"
                    aria-label={t('cannedJobs.removeFee', { f })}
                    onClick={() => {
                      set((d) => ({ ...d, fees: removeRow(d.fees, i) }));
                      setTouched((s) => touchedAfterRemoval(s, 'fees', i));
                    }}
                  >
                    ×
                  </ActionIcon>
                </Group>
              );
            })}
            <Group>
              <Button size="compact-sm" variant="subtle" onClick={() => set((d) => ({ ...d, fees: [...d.fees, newFee()] }))}>
                + {t('fee.add')}
              </Button>
            </Group>
          </Stack>

          <Group justify="space-between" wrap="wrap">
            <Text fw={600} data-testid="job-price">
              {t('cannedJobs.price')}: {money(lineAmounts(lineSaveBody(draft), labourRate).subtotal)}
            </Text>
            <Group gap="sm">
              <Button variant="default" onClick={onClose}>
                {t('cannedJobs.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t('cannedJobs.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
