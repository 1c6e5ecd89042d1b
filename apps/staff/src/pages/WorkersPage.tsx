import { useState, type FormEvent } from 'react';
import { Avatar, Button, Group, Loader, Modal, Paper, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { isRole, type User } from '@servicebay/domain';
import { AlertBanner, PasswordField, useAlerts } from '@servicebay/ui';
import { useServices } from '../context.js';
import { useSignedIn } from '../session/signed-in.js';
import { useFinishSignIn } from '../session/useFinishSignIn.js';
import { LabelledSegmentedControl } from '../kit/LabelledSegmentedControl.js';
import { PageHeader } from '../kit/PageHeader.js';
import { loginFailure } from '../session/login.js';
import { isWorkerLoginBody, storeWorkersQuery, workerLogin } from '../session/session-api.js';

type Worker = Partial<User> & { _id: string };
type Method = 'password' | 'pin';


export function workerName(worker: Worker): string {
  return [worker.firstName, worker.lastName].filter(Boolean).join(' ') || worker.username || worker._id;
}

/** Initials for the avatar: a face to find among a dozen names on a shared tablet. */
function initials(worker: Worker): string {
  return [worker.firstName, worker.lastName]
    .map((part) => part?.trim()[0] ?? '')
    .join('')
    .toUpperCase();
}

/**
 * /app/store/workers (worker selection): the shop's shared Store account lists the
 * store's workers; the one who picks up the tablet confirms with their own password or PIN and
 * lands on their own home.
 */
export function WorkersPage() {
  const { t } = useTranslation('staff');
  const { api } = useServices();
  const { user, store } = useSignedIn();
  const [chosen, setChosen] = useState<Worker | null>(null);
  const storeId = store?._id ?? null;

  const workers = useQuery({
    ...storeWorkersQuery(api, storeId),
    enabled: user.type === 'Store' && storeId !== null,
  });

  // Worker selection belongs to the Store account; anyone else has their own home.
  if (user.type !== 'Store' || !storeId) return <Navigate to="/" replace />;

  // The Store account itself is no one to switch to.
  const people = (workers.data ?? []).filter((w) => w.type !== 'Store');

  return (
    <Stack gap="lg">
      <PageHeader title={t('workers.title')} purpose={t('workers.intro')} />
      {workers.isPending ? (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text>{t('workers.loading')}</Text>
        </Group>
      ) : workers.isError ? (
        <Stack gap="sm" align="flex-start">
          <AlertBanner alert={{ type: 'warning', message: t('login.unavailable') }} />
          <Button onClick={() => void workers.refetch()}>{t('shell.retry')}</Button>
        </Stack>
      ) : people.length === 0 ? (
        <Text>{t('workers.empty')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {people.map((worker) => (
            <li key={worker._id}>
              <UnstyledButton onClick={() => setChosen(worker)} w="100%" data-worker={worker.username} style={{ borderRadius: 'var(--mantine-radius-lg)' }}>
                <Paper withBorder radius="lg" p="md" shadow="xs">
                  <Group wrap="nowrap" gap="md">
                    <Avatar color="bay" radius="xl" size="lg" aria-hidden="true">
                      {initials(worker)}
                    </Avatar>
                    <div>
                      <Text fw={600} size="lg">
                        {workerName(worker)}
                      </Text>
                      {worker.type && isRole(worker.type) && (
                        <Text size="sm" c="dimmed">
                          {t(`roles.${worker.type}`)}
                        </Text>
                      )}
                    </div>
                  </Group>
                </Paper>
              </UnstyledButton>
            </li>
          ))}
        </SimpleGrid>
      )}
      {chosen && <WorkerLoginModal storeId={storeId} worker={chosen} onClose={() => setChosen(null)} />}
    </Stack>
  );
}

function WorkerLoginModal({ storeId, worker, onClose }: { storeId: string; worker: Worker; onClose: () => void }) {
  const { t } = useTranslation(['staff', 'ui']);
  const { api, session } = useServices();
  const alerts = useAlerts();
  const finishSignIn = useFinishSignIn();
  // The worker list does not say who has a PIN, so the worker picks; the password is the usual way.
  const [method, setMethod] = useState<Method>('password');
  const [secret, setSecret] = useState('');

  const login = useMutation({
    mutationFn: (body: { password: string } | { pin: string }) => workerLogin(api, storeId, worker._id, body),
    onSuccess: async (pair) => {
      const state = session.switchToWorker(pair);
      onClose();
      await finishSignIn(state, () => session.returnToStore());
    },
    onError: (error) => {
      const failure = loginFailure(error);
      setSecret('');
      alerts.show(
        failure === 'locked'
          ? { type: 'danger', strongMessage: t('staff:login.lockedTitle'), message: t('staff:login.locked', { username: worker.username ?? workerName(worker) }) }
          : failure === 'unavailable'
            ? { type: 'warning', strongMessage: t('staff:login.failedTitle'), message: t('staff:login.unavailable') }
            : failure === 'tooMany'
              ? { type: 'warning', strongMessage: t('staff:login.failedTitle'), message: t('staff:login.tooMany') }
              : { type: 'danger', strongMessage: t('staff:login.failedTitle'), message: t('staff:login.failed') },
      );
    },
  });

  const body = method === 'pin' ? { pin: secret.trim() } : { password: secret };
  const valid = isWorkerLoginBody(body);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid && !login.isPending) login.mutate(body);
  };

  return (
    <Modal opened onClose={onClose} title={t('staff:workers.confirmTitle')} centered closeButtonProps={{ 'aria-label': t('ui:dialog.close') }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text>{t('staff:workers.confirmFor', { name: workerName(worker) })}</Text>
          <LabelledSegmentedControl<Method>
            label={t('staff:workers.method')}
            value={method}
            onChange={(value) => {
              setMethod(value);
              setSecret('');
            }}
            data={[
              { value: 'password', label: t('staff:workers.password') },
              { value: 'pin', label: t('staff:workers.pin') },
            ]}
            fullWidth
          />
          <PasswordField
            key={method}
            label={method === 'pin' ? t('staff:workers.pin') : t('staff:workers.password')}
            description={method === 'pin' ? t('staff:workers.pinHint') : undefined}
            autoComplete={method === 'pin' ? 'off' : 'current-password'}
            inputMode={method === 'pin' ? 'numeric' : undefined}
            size="lg"
            value={secret}
            onChange={(event) => setSecret(event.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('ui:dialog.cancel')}
            </Button>
            <Button type="submit" disabled={!valid} loading={login.isPending}>
              {t('staff:workers.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
