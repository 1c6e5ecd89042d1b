import { useState, type FormEvent, type ReactNode } from 'react';
import {
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  PasswordInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isStrongPassword, isValidEmail, type Language, type StoreUser } from '@servicebay/domain';
import { PasswordField, PasswordRules, useAlerts, useDialogs } from '@servicebay/ui';
import { isApiError } from '@servicebay/web-core';
import { DataTable } from '../../kit/DataTable.js';
import { useSignedIn } from '../../session/signed-in.js';

/** A user's fields every users page edits. */
interface PersonBody {
  title: string;
  firstName: string;
  lastName: string;
  email: string | null;
  language: Language;
}

/** The fields of a store's workers only: refunds, admin access with the store's PIN, the dashboard. */
interface WorkerBody {
  authorizedToRefund: boolean;
  isLegacy: boolean;
  dashboardVersion: number;
}

export type NewUserBody = PersonBody &
  Partial<WorkerBody> & { username: string; type: string; sendPasswordEmail: boolean; password?: string };
export type UserChange = Partial<PersonBody & WorkerBody & { username: string; type: string; active: boolean }>;

/**
 * What a users page manages and how: the store users page (a store's workers) and the account
 * users page (its account-level users) share the table and the forms, each with its own calls.
 */
export interface UsersAdmin {
  /** The page's list in the cache, refreshed after each change. */
  key: readonly unknown[];
  /** The roles the page gives, the first one preselected for a new user. */
  roles: readonly string[];
  /** Whether a user's role may be changed here (a role the page does not give stays). */
  grantable: (role: string) => boolean;
  /** Whether the page changes this user at all (the account's owner is only listed). */
  manages: (user: StoreUser) => boolean;
  /** Whether the form shows the workers' own fields (refunds, admin PIN access, dashboard version). */
  workerFields: boolean;
  create: (body: NewUserBody) => Promise<StoreUser>;
  update: (userId: string, body: UserChange) => Promise<StoreUser>;
  setPassword: (userId: string, password: string) => Promise<unknown>;
  sendPasswordEmail: (userId: string) => Promise<unknown>;
  /** The PIN for the shop's shared tablet: a store's workers only. */
  setPin?: (userId: string, pin: string | null) => Promise<unknown>;
}

export function fullName(u: Pick<StoreUser, 'firstName' | 'lastName' | 'username'>) {
  return `${u.firstName} ${u.lastName}`.trim() || u.username;
}

type Editing = { kind: 'create' } | { kind: 'edit'; user: StoreUser } | { kind: 'password'; user: StoreUser } | { kind: 'pin'; user: StoreUser };

type T = ReturnType<typeof useTranslation<['admin', 'staff']>>['t'];

/** The server's refusal in the user's words: a taken username, or the field the server named. */
function errorText(error: unknown, t: T): string {
  if (isApiError(error) && error.status === 409) return t('admin:storeUsers.usernameTaken');
  if (isApiError(error) && error.status === 400) return t('admin:common.invalid', { message: error.message });
  return t('admin:common.tryAgain');
}

/**
 * A users page's body: the count and "Add a user", the table (name, username, role, status and the
 * actions), and the forms to add, edit, deactivate, set a password or a PIN.
 */
export function UsersList({
  admin,
  query,
  empty,
  unmanagedNote,
}: {
  admin: UsersAdmin;
  query: UseQueryResult<StoreUser[]>;
  /** Shown instead of the table when there is no one. */
  empty: string;
  /** Shown in the actions of a user the page does not change. */
  unmanagedNote?: ReactNode;
}) {
  const { t } = useTranslation(['admin', 'staff']);
  const { user: me } = useSignedIn();
  const alerts = useAlerts();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing | null>(null);
  const close = () => setEditing(null);

  const setActive = useMutation({
    mutationFn: (input: { user: StoreUser; active: boolean }) => admin.update(input.user._id, { active: input.active }),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: admin.key });
      alerts.show({
        type: 'success',
        message: saved.active ? t('admin:storeUsers.reactivated', { name: fullName(saved) }) : t('admin:storeUsers.deactivated', { name: fullName(saved) }),
      });
    },
    onError: (error) => alerts.show({ type: 'danger', strongMessage: t('admin:common.saveFailed'), message: errorText(error, t) }),
  });

  const toggleActive = async (user: StoreUser) => {
    if (user.active) {
      const ok = await dialogs.confirm({
        title: t('admin:storeUsers.deactivateTitle'),
        message: t('admin:storeUsers.deactivateConfirm', { name: fullName(user) }),
      });
      if (!ok) return;
    }
    setActive.mutate({ user, active: !user.active });
  };

  return (
    <Stack gap="md">
      {/* Only once the list is there: a caller refused the list (403, 404) is offered nothing to add. */}
      {query.data && (
        <Group justify="space-between">
          <Text>{t('admin:storeUsers.count', { count: query.data.filter((u) => u.active).length })}</Text>
          <Button onClick={() => setEditing({ kind: 'create' })}>{t('admin:storeUsers.add')}</Button>
        </Group>
      )}
      <DataTable
        query={query}
        rows={(data) => data}
        empty={empty}
        minWidth={720}
        highlightOnHover
        headers={[t('admin:storeUsers.name'), t('admin:storeUsers.username'), t('admin:storeUsers.role'), t('admin:storeUsers.status'), t('admin:storeUsers.actions')]}
        row={(u) => (
          <Table.Tr key={u._id} data-user={u.username}>
            <Table.Td>
              <Text fw={600}>{fullName(u)}</Text>
              {u.title && (
                <Text size="sm" c="dimmed">
                  {u.title}
                </Text>
              )}
            </Table.Td>
            <Table.Td>{u.username}</Table.Td>
            <Table.Td>{t(`staff:roles.${u.type}`)}</Table.Td>
            <Table.Td>
              {u.active ? (
                <Badge color="teal.9" variant="light">
                  {t('admin:storeUsers.active')}
                </Badge>
              ) : (
                <Badge color="gray.8" variant="light">
                  {t('admin:storeUsers.inactive')}
                </Badge>
              )}
            </Table.Td>
            <Table.Td>
              {admin.manages(u) ? (
                <Group gap="xs" wrap="nowrap">
                  <Button size="xs" variant="default" onClick={() => setEditing({ kind: 'edit', user: u })} aria-label={t('admin:storeUsers.editFor', { name: fullName(u) })}>
                    {t('admin:storeUsers.edit')}
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => setEditing({ kind: 'password', user: u })}
                    aria-label={t('admin:storeUsers.passwordFor', { name: fullName(u) })}
                  >
                    {t('admin:storeUsers.password')}
                  </Button>
                  {admin.setPin && (
                    <Button size="xs" variant="default" onClick={() => setEditing({ kind: 'pin', user: u })} aria-label={t('admin:storeUsers.pinFor', { name: fullName(u) })}>
                      {t('admin:storeUsers.pin')}
                    </Button>
                  )}
                  {u._id !== me._id && (
                    <Button
                      size="xs"
                      variant={u.active ? 'outline' : 'default'}
                      color={u.active ? 'red.9' : undefined}
                      onClick={() => void toggleActive(u)}
                      aria-label={
                        u.active ? t('admin:storeUsers.deactivateFor', { name: fullName(u) }) : t('admin:storeUsers.reactivateFor', { name: fullName(u) })
                      }
                    >
                      {u.active ? t('admin:storeUsers.deactivate') : t('admin:storeUsers.reactivate')}
                    </Button>
                  )}
                </Group>
              ) : (
                <Text size="sm" c="dimmed">
                  {unmanagedNote}
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        )}
      />
      {editing?.kind === 'create' && <UserModal admin={admin} onClose={close} />}
      {editing?.kind === 'edit' && <UserModal admin={admin} user={editing.user} self={editing.user._id === me._id} onClose={close} />}
      {editing?.kind === 'password' && <PasswordModal admin={admin} user={editing.user} onClose={close} />}
      {editing?.kind === 'pin' && admin.setPin && <PinModal admin={admin} setPin={admin.setPin} user={editing.user} onClose={close} />}
    </Stack>
  );
}

interface UserForm extends WorkerBody {
  username: string;
  type: string;
  title: string;
  firstName: string;
  lastName: string;
  email: string;
  language: Language;
  passwordChoice: 'email' | 'set' | 'later';
  password: string;
}

function UserModal({ admin, user, self = false, onClose }: { admin: UsersAdmin; user?: StoreUser; self?: boolean; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'staff', 'ui']);
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<UserForm>(() => ({
    username: user?.username ?? '',
    type: user?.type ?? admin.roles[0] ?? '',
    title: user?.title ?? '',
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    language: user?.language ?? 'en',
    authorizedToRefund: user?.authorizedToRefund ?? false,
    isLegacy: user?.isLegacy ?? false,
    dashboardVersion: user?.dashboardVersion ?? 2,
    passwordChoice: 'email',
    password: '',
  }));
  const [serverError, setServerError] = useState<string | null>(null);
  const set = <K extends keyof UserForm>(key: K, value: UserForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  const emailInvalid = form.email.trim() !== '' && !isValidEmail(form.email.trim());
  const needsEmail = !user && form.passwordChoice === 'email' && form.email.trim() === '';
  const weakPassword = !user && form.passwordChoice === 'set' && !isStrongPassword(form.password);
  const roleEditable = !self && (!user || admin.grantable(user.type));
  const valid = form.username.trim().length >= 3 && form.firstName.trim() !== '' && !emailInvalid && !needsEmail && !weakPassword;

  const save = useMutation({
    mutationFn: async () => {
      const fields = {
        title: form.title,
        firstName: form.firstName,
        lastName: form.lastName,
        email: form.email.trim() || null,
        language: form.language,
        ...(admin.workerFields && { authorizedToRefund: form.authorizedToRefund, isLegacy: form.isLegacy, dashboardVersion: form.dashboardVersion }),
      };
      if (user) {
        return admin.update(user._id, {
          ...fields,
          ...(form.username.trim() !== user.username && { username: form.username.trim() }),
          ...(roleEditable && form.type !== user.type && { type: form.type }),
        });
      }
      return admin.create({
        ...fields,
        username: form.username.trim(),
        type: form.type,
        sendPasswordEmail: form.passwordChoice === 'email',
        ...(form.passwordChoice === 'set' && { password: form.password }),
      });
    },
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: admin.key });
      alerts.show({
        type: 'success',
        message: user
          ? t('admin:storeUsers.saved', { name: fullName(saved) })
          : form.passwordChoice === 'email'
            ? t('admin:storeUsers.createdWithEmail', { name: fullName(saved), email: saved.email ?? '' })
            : t('admin:storeUsers.created', { name: fullName(saved) }),
      });
      onClose();
    },
    onError: (error) => setServerError(errorText(error, t)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    if (valid && !save.isPending) save.mutate();
  };

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={user ? t('admin:storeUsers.editTitle', { name: fullName(user) }) : t('admin:storeUsers.addTitle')}
      closeButtonProps={{ 'aria-label': t('ui:dialog.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('admin:storeUsers.firstName')} required value={form.firstName} onChange={(e) => set('firstName', e.currentTarget.value)} data-autofocus />
            <TextInput label={t('admin:storeUsers.lastName')} value={form.lastName} onChange={(e) => set('lastName', e.currentTarget.value)} />
            <TextInput
              label={t('admin:storeUsers.username')}
              required
              autoComplete="off"
              value={form.username}
              onChange={(e) => set('username', e.currentTarget.value)}
              description={t('admin:storeUsers.usernameHint')}
            />
            <TextInput
              label={t('admin:storeUsers.email')}
              type="email"
              value={form.email}
              onChange={(e) => set('email', e.currentTarget.value)}
              error={emailInvalid ? t('admin:common.invalidEmail') : needsEmail ? t('admin:storeUsers.emailNeeded') : undefined}
            />
            <Select
              label={t('admin:storeUsers.role')}
              value={form.type}
              onChange={(v) => v && set('type', v)}
              disabled={!roleEditable}
              allowDeselect={false}
              data={(roleEditable ? admin.roles : [form.type]).map((r) => ({ value: r, label: t(`staff:roles.${r}` as 'staff:roles.Technician') }))}
            />
            <TextInput label={t('admin:storeUsers.jobTitle')} value={form.title} onChange={(e) => set('title', e.currentTarget.value)} />
            <Select
              label={t('admin:storeUsers.language')}
              value={form.language}
              onChange={(v) => v && set('language', v as Language)}
              allowDeselect={false}
              data={[
                { value: 'en', label: 'English' },
                { value: 'fr', label: 'Français' },
              ]}
            />
            {admin.workerFields && (
              <NumberInput
                label={t('admin:storeUsers.dashboardVersion')}
                description={t('admin:storeUsers.dashboardVersionHint')}
                min={1}
                max={2}
                value={form.dashboardVersion}
                onChange={(v) => set('dashboardVersion', typeof v === 'number' ? v : 2)}
              />
            )}
          </SimpleGrid>
          {admin.workerFields && (
            <>
              <Checkbox label={t('admin:storeUsers.refund')} checked={form.authorizedToRefund} onChange={(e) => set('authorizedToRefund', e.currentTarget.checked)} />
              <Checkbox
                label={t('admin:storeUsers.adminAccess')}
                description={t('admin:storeUsers.adminAccessHint')}
                checked={form.isLegacy}
                onChange={(e) => set('isLegacy', e.currentTarget.checked)}
              />
            </>
          )}
          {!user && (
            <Stack gap="xs">
              <Text component="span" size="sm" fw={500} id="password-choice-label">
                {t('admin:storeUsers.passwordChoice')}
              </Text>
              <SegmentedControl
                aria-labelledby="password-choice-label"
                value={form.passwordChoice}
                onChange={(v) => set('passwordChoice', v as UserForm['passwordChoice'])}
                data={[
                  { value: 'email', label: t('admin:storeUsers.passwordByEmail') },
                  { value: 'set', label: t('admin:storeUsers.passwordNow') },
                  { value: 'later', label: t('admin:storeUsers.passwordLater') },
                ]}
              />
              {form.passwordChoice === 'set' && (
                <>
                  <PasswordField label={t('admin:storeUsers.newPassword')} autoComplete="new-password" value={form.password} onChange={(e) => set('password', e.currentTarget.value)} />
                  <PasswordRules password={form.password} />
                </>
              )}
            </Stack>
          )}
          {serverError && (
            <Text c="red" role="alert">
              {serverError}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('ui:dialog.cancel')}
            </Button>
            <Button type="submit" disabled={!valid} loading={save.isPending}>
              {user ? t('admin:common.save') : t('admin:storeUsers.addSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function PasswordModal({ admin, user, onClose }: { admin: UsersAdmin; user: StoreUser; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'ui']);
  const alerts = useAlerts();
  const [choice, setChoice] = useState<'email' | 'set'>(user.email ? 'email' : 'set');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [serverError, setServerError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: () => (choice === 'email' ? admin.sendPasswordEmail(user._id) : admin.setPassword(user._id, password)),
    onSuccess: () => {
      alerts.show({
        type: 'success',
        message: choice === 'email' ? t('admin:storeUsers.emailSent', { email: user.email ?? '' }) : t('admin:storeUsers.passwordSet', { name: fullName(user) }),
      });
      onClose();
    },
    onError: (error) => setServerError(isApiError(error) && error.status === 400 ? t('admin:common.invalid', { message: error.message }) : t('admin:common.tryAgain')),
  });
  const valid = choice === 'email' ? !!user.email && user.active : isStrongPassword(password) && password === confirmation;

  return (
    <Modal opened onClose={onClose} title={t('admin:storeUsers.passwordTitle', { name: fullName(user) })} closeButtonProps={{ 'aria-label': t('ui:dialog.close') }}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (valid && !save.isPending) save.mutate();
        }}
      >
        <Stack gap="md">
          <SegmentedControl
            aria-label={t('admin:storeUsers.passwordChoice')}
            value={choice}
            onChange={(v) => setChoice(v as 'email' | 'set')}
            data={[
              { value: 'email', label: t('admin:storeUsers.passwordByEmail') },
              { value: 'set', label: t('admin:storeUsers.passwordNow') },
            ]}
          />
          {choice === 'email' ? (
            <Text>{user.email ? t('admin:storeUsers.emailWillGo', { email: user.email }) : t('admin:storeUsers.noEmail')}</Text>
          ) : (
            <>
              <PasswordField label={t('admin:storeUsers.newPassword')} autoComplete="new-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
              <PasswordInput
                label={t('admin:storeUsers.confirmPassword')}
                autoComplete="new-password"
                value={confirmation}
                onChange={(e) => setConfirmation(e.currentTarget.value)}
                error={confirmation && confirmation !== password ? t('admin:storeUsers.passwordsDiffer') : undefined}
              />
              <PasswordRules password={password} />
            </>
          )}
          {serverError && (
            <Text c="red" role="alert">
              {serverError}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('ui:dialog.cancel')}
            </Button>
            <Button type="submit" disabled={!valid} loading={save.isPending}>
              {choice === 'email' ? t('admin:storeUsers.sendEmail') : t('admin:common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function PinModal({
  admin,
  setPin: savePin,
  user,
  onClose,
}: {
  admin: UsersAdmin;
  setPin: NonNullable<UsersAdmin['setPin']>;
  user: StoreUser;
  onClose: () => void;
}) {
  const { t } = useTranslation(['admin', 'ui']);
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const [pin, setPin] = useState('');
  const save = useMutation({
    mutationFn: (value: string | null) => savePin(user._id, value),
    onSuccess: (_, value) => {
      void queryClient.invalidateQueries({ queryKey: admin.key });
      alerts.show({ type: 'success', message: value === null ? t('admin:storeUsers.pinRemoved') : t('admin:storeUsers.pinSaved', { name: fullName(user) }) });
      onClose();
    },
    onError: () => alerts.show({ type: 'danger', message: t('admin:common.tryAgain') }),
  });
  const valid = /^\d{4,8}$/.test(pin.trim());
  return (
    <Modal opened onClose={onClose} title={t('admin:storeUsers.pinTitle', { name: fullName(user) })} closeButtonProps={{ 'aria-label': t('ui:dialog.close') }}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (valid && !save.isPending) save.mutate(pin.trim());
        }}
      >
        <Stack gap="md">
          <Text size="sm">{user.pinSet ? t('admin:storeUsers.pinIsSet') : t('admin:storeUsers.pinNotSet')}</Text>
          <PasswordField
            label={t('admin:storeUsers.newPin')}
            description={t('admin:storeUsers.pinHint')}
            inputMode="numeric"
            autoComplete="off"
            value={pin}
            onChange={(e) => setPin(e.currentTarget.value)}
          />
          <Group justify="space-between">
            {user.pinSet ? (
              <Button variant="subtle" color="red.9" onClick={() => save.mutate(null)}>
                {t('admin:storeUsers.removePin')}
              </Button>
            ) : (
              <span />
            )}
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                {t('ui:dialog.cancel')}
              </Button>
              <Button type="submit" disabled={!valid} loading={save.isPending}>
                {t('admin:common.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
