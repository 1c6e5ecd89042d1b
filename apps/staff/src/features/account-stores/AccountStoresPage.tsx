import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import {
  fullWeek,
  isValidEmail,
  openTimeProblems,
  phoneDigits,
  STAFF_PATHS,
  type AccountStore,
  type OpenDay,
} from '@servicebay/domain';
import { useAlerts } from '@servicebay/ui';
import { isApiError } from '@servicebay/web-core';
import { useServices } from '../../context.js';
import { QueryContent } from '../../kit/QueryState.js';
import { routerPath } from '../../paths.js';
import { HoursEditor } from '../store-settings/HoursEditor.js';
import { storeSettingsPath } from '../store-users/StoreAdminFrame.js';
import { LogInAs } from '../admin/LogInAs.js';
import { AccountFrame } from './AccountFrame.js';
import { accountStoreFiguresKey, accountStoreFiguresQuery, accountStoresKey as storesKey, accountStoresQuery, createAccountStore } from './account-stores-api.js';
import { StoreToday, type TodayState } from './StoreToday.js';

/**
 * /app/v2/account/{accountId}/store: the account's stores with their key
 * figures; the home of owners and account managers. Open a store (its users and settings), work in
 * it as one of its roles, add one.
 */
export function AccountStoresPage() {
  const { accountId = '' } = useParams();
  const { t } = useTranslation('admin');
  const { api } = useServices();
  const [creating, setCreating] = useState(false);
  const stores = useQuery(accountStoresQuery(api, accountId));
  // The day's figures come apart from the list, so the cards show while they load.
  const figures = useQuery(accountStoreFiguresQuery(api, accountId));
  const todayOf = (storeId: string): TodayState => ({
    figures: figures.data?.stores.find((f) => f.storeId === storeId),
    // A store added since the figures were read waits for the next read.
    loading: figures.isPending || (figures.data !== undefined && figures.isFetching),
    failed: figures.isError && figures.data === undefined,
    onRetry: () => void figures.refetch(),
  });

  return (
    <AccountFrame accountId={accountId} current="stores" title={t('accountStores.title')} purpose={t('accountStores.purpose')}>
      <Group justify="flex-end">
        <Button onClick={() => setCreating(true)}>{t('accountStores.add')}</Button>
      </Group>
      <QueryContent query={stores}>
        {(list) =>
          list.length === 0 ? (
            <Text>{t('accountStores.empty')}</Text>
          ) : (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {list.map((store) => (
                <li key={store._id}>
                  <StoreCard accountId={accountId} store={store} today={todayOf(store._id)} />
                </li>
              ))}
            </SimpleGrid>
          )
        }
      </QueryContent>
      {creating && <CreateStoreModal accountId={accountId} onClose={() => setCreating(false)} />}
    </AccountFrame>
  );
}

function Figure({ label, value }: { label: string; value: number | null }) {
  const { t } = useTranslation('admin');
  return (
    <div>
      <Text size="xl" fw={700}>
        {value ?? '—'}
      </Text>
      <Text size="sm" c="dimmed">
        {label}
        {value === null && <VisuallyHidden> {t('accountStores.notAvailable')}</VisuallyHidden>}
      </Text>
    </div>
  );
}

function StoreCard({ accountId, store, today }: { accountId: string; store: AccountStore; today: TodayState }) {
  const { t } = useTranslation('admin');
  const headingId = `store-${store._id}`;
  return (
    <Paper withBorder radius="lg" p="lg" shadow="xs" component="article" aria-labelledby={headingId} data-store={store.name}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h3" id={headingId}>
            {store.name}
          </Title>
          {!store.active && <Text c="red">{t('accountStores.inactive')}</Text>}
          {store.address && <Text size="sm">{store.address}</Text>}
          {(store.phoneNo || store.email) && (
            <Text size="sm" c="dimmed">
              {[store.phoneNo, store.email].filter(Boolean).join(' · ')}
            </Text>
          )}
        </div>
        <StoreToday state={today} />
        {/* Each figure as wide as its label; they wrap to a new row when the card is narrow. */}
        <Group gap="lg" align="flex-start">
          <Figure label={t('accountStores.openOrders')} value={store.figures.openOrders} />
          <Figure label={t('accountStores.todaysAppointments')} value={store.figures.todaysAppointments} />
          <Figure label={t('accountStores.workers')} value={store.figures.workers} />
          <Figure label={t('accountStores.customers')} value={store.figures.customers} />
          <Figure label={t('accountStores.vehicles')} value={store.figures.vehicles} />
        </Group>
        <Group gap="xs">
          <Button component={Link} to={routerPath(STAFF_PATHS.storeUsers(accountId, store._id))!} aria-label={t('accountStores.openStore', { name: store.name })}>
            {t('accountStores.open')}
          </Button>
          <Button
            component={Link}
            variant="default"
            to={routerPath(storeSettingsPath(accountId, store._id))!}
            aria-label={t('accountStores.settingsOf', { name: store.name })}
          >
            {t('accountStores.settings')}
          </Button>
        </Group>
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t('accountStores.workIn')}
          </Text>
          <LogInAs store={store} wrap />
        </Stack>
      </Stack>
    </Paper>
  );
}

function CreateStoreModal({ accountId, onClose }: { accountId: string; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'ui']);
  const { api } = useServices();
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [form, setForm] = useState({ name: '', franchiseName: '', address: '', phoneNo: '', email: '' });
  const [hours, setHours] = useState<OpenDay[]>(() => fullWeek([]));
  const [serverError, setServerError] = useState<string | null>(null);
  const emailInvalid = form.email.trim() !== '' && !isValidEmail(form.email.trim());
  const phoneInvalid = form.phoneNo.trim() !== '' && phoneDigits(form.phoneNo) === null;
  const valid = form.name.trim() !== '' && !emailInvalid && !phoneInvalid && openTimeProblems(hours).length === 0;

  const create = useMutation({
    mutationFn: () => createAccountStore(api, accountId, { ...form, openTime: hours }),
    onSuccess: (store) => {
      void queryClient.invalidateQueries({ queryKey: storesKey(accountId) });
      void queryClient.invalidateQueries({ queryKey: accountStoreFiguresKey(accountId) });
      alerts.show({ type: 'success', message: t('admin:accountStores.created', { name: store.name }) });
      onClose();
      void navigate(routerPath(STAFF_PATHS.storeUsers(accountId, store._id))!);
    },
    onError: (error) =>
      setServerError(
        isApiError(error) && error.status === 409
          ? t('admin:accountStores.nameTaken')
          : isApiError(error) && error.status === 400
            ? t('admin:common.invalid', { message: error.message })
            : t('admin:common.tryAgain'),
      ),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    if (valid && !create.isPending) create.mutate();
  };
  const field = (key: keyof typeof form) => ({
    value: form[key],
    onChange: (e: { currentTarget: { value: string } }) => setForm((f) => ({ ...f, [key]: e.currentTarget.value })),
  });

  return (
    <Modal opened onClose={onClose} size="xl" title={t('admin:accountStores.addTitle')} closeButtonProps={{ 'aria-label': t('ui:dialog.close') }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('admin:store.name')} required data-autofocus {...field('name')} />
            <TextInput label={t('admin:store.franchiseName')} {...field('franchiseName')} />
            <TextInput label={t('admin:store.phoneNo')} type="tel" {...field('phoneNo')} error={phoneInvalid ? t('admin:common.invalidPhone') : undefined} />
            <TextInput label={t('admin:store.email')} type="email" {...field('email')} error={emailInvalid ? t('admin:common.invalidEmail') : undefined} />
          </SimpleGrid>
          <Textarea label={t('admin:store.address')} autosize minRows={2} {...field('address')} />
          <Text fw={600}>{t('admin:storeSettings.groups.hours')}</Text>
          <HoursEditor value={hours} onChange={setHours} />
          {serverError && (
            <Text c="red" role="alert">
              {serverError}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('ui:dialog.cancel')}
            </Button>
            <Button type="submit" disabled={!valid} loading={create.isPending}>
              {t('admin:accountStores.addSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
