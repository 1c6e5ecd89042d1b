import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Anchor, Button, Group, Paper, Select, SimpleGrid, Stack, Stepper, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { actingRole, SETUP_MAX_WORKERS, SETUP_WORKER_ROLES, STAFF_PATHS, type SetupWorkerRole } from '@servicebay/domain';
import { AlertBanner, useAlerts } from '@servicebay/ui';
import { isApiError } from '@servicebay/web-core';
import { useServices } from '../../context.js';
import { PageHeader } from '../../kit/PageHeader.js';
import { RegionFields } from '../../kit/RegionFields.js';
import { routerPath } from '../../paths.js';
import { userQueryKey, useSignedIn } from '../../session/signed-in.js';
import { HoursEditor } from '../store-settings/HoursEditor.js';
import { setupAccount } from './account-setup-api.js';
import {
  accountProblems,
  clearDraft,
  firstIncompleteStep,
  loadDraft,
  newWorker,
  saveDraft,
  setupBody,
  STEPS,
  storeProblems,
  workerProblems,
  type FieldProblem,
  type SetupDraft,
  type Step,
  type WorkerDraft,
} from './setup.js';

const stepPath = (step: Step) => routerPath(STAFF_PATHS.setupWizard.replace(/step1$/, step))!;

/**
 * /app/v2/account/new/step1..3 (the setup wizard): an owner without an account
 * names it, describes its first store with its hours, adds its first workers, and lands on the
 * account's stores. Nothing is written before the last step's "Open my account".
 */
export function SetupWizardPage() {
  const { step = 'step1' } = useParams();
  const { t } = useTranslation(['admin', 'ui']);
  const { user } = useSignedIn();

  if (actingRole(user) !== 'owner') {
    return (
      <Stack gap="lg">
        <PageHeader title={t('admin:setup.title')} />
        <AlertBanner alert={{ type: 'warning', message: t('admin:common.forbidden') }} />
      </Stack>
    );
  }
  if (user.accountId) {
    return (
      <Stack gap="lg" align="flex-start">
        <PageHeader title={t('admin:setup.title')} />
        <AlertBanner alert={{ type: 'info', message: t('admin:setup.alreadyOpen') }} />
        <Anchor component={Link} to={routerPath(STAFF_PATHS.accountStores(user.accountId))!}>
          {t('admin:setup.toStores')}
        </Anchor>
      </Stack>
    );
  }
  if (!(STEPS as readonly string[]).includes(step)) return <Navigate to={stepPath('step1')} replace />;
  return <Wizard userId={user._id} language={user.language === 'fr' ? 'fr' : 'en'} step={step as Step} />;
}

function Wizard({ userId, language, step }: { userId: string; language: 'en' | 'fr'; step: Step }) {
  const { t } = useTranslation(['admin', 'ui']);
  const navigate = useNavigate();
  const [draft, setDraft] = useState<SetupDraft>(() => loadDraft(userId));
  const [showProblems, setShowProblems] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const index = STEPS.indexOf(step);

  useEffect(() => saveDraft(userId, draft), [userId, draft]);
  useEffect(() => {
    setShowProblems(false);
    heading.current?.focus();
  }, [step]);

  // A later step opened directly waits until the ones before are done.
  const incomplete = firstIncompleteStep(draft);
  if (incomplete && STEPS.indexOf(incomplete) < index) return <Navigate to={stepPath(incomplete)} replace />;

  const go = (to: Step) => void navigate(stepPath(to));
  const next = (ok: boolean, to: Step) => (event: FormEvent) => {
    event.preventDefault();
    if (ok) go(to);
    else setShowProblems(true);
  };

  return (
    <Stack gap="lg" maw={960}>
      <PageHeader title={t('admin:setup.title')} purpose={t('admin:setup.purpose')} />
      <Stepper active={index} size="sm" allowNextStepsSelect={false} onStepClick={(i) => go(STEPS[i]!)}>
        <Stepper.Step label={t('admin:setup.step1.label')} description={t('admin:setup.step1.short')} />
        <Stepper.Step label={t('admin:setup.step2.label')} description={t('admin:setup.step2.short')} />
        <Stepper.Step label={t('admin:setup.step3.label')} description={t('admin:setup.step3.short')} />
      </Stepper>
      <Paper withBorder radius="lg" p="lg">
        <Title order={2} size="h3" ref={heading} tabIndex={-1} mb="md">
          {t('admin:setup.stepOf', { step: index + 1, count: STEPS.length })} · {t(`admin:setup.${step}.title`)}
        </Title>
        {step === 'step1' && (
          <AccountStep draft={draft} setDraft={setDraft} showProblems={showProblems} onSubmit={next(Object.keys(accountProblems(draft)).length === 0, 'step2')} />
        )}
        {step === 'step2' && (
          <StoreStep
            draft={draft}
            setDraft={setDraft}
            showProblems={showProblems}
            onBack={() => go('step1')}
            onSubmit={next(Object.keys(storeProblems(draft)).length === 0, 'step3')}
          />
        )}
        {step === 'step3' && (
          <WorkersStep userId={userId} language={language} draft={draft} setDraft={setDraft} onBack={() => go('step2')} />
        )}
      </Paper>
    </Stack>
  );
}

interface StepProps {
  draft: SetupDraft;
  setDraft: (update: (d: SetupDraft) => SetupDraft) => void;
}

function useProblemText() {
  const { t } = useTranslation('admin');
  return (problem: FieldProblem | undefined, show: boolean): string | undefined => {
    if (!problem || !show) return undefined;
    switch (problem) {
      case 'mandatory':
        return t('setup.mandatory');
      case 'email':
        return t('common.invalidEmail');
      case 'phone':
        return t('common.invalidPhone');
      case 'username':
        return t('storeUsers.usernameHint');
      case 'repeated':
        return t('setup.usernameRepeated');
    }
  };
}

function AccountStep({ draft, setDraft, showProblems, onSubmit }: StepProps & { showProblems: boolean; onSubmit: (e: FormEvent) => void }) {
  const { t } = useTranslation('admin');
  const problem = useProblemText();
  const problems = accountProblems(draft);
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text>{t('setup.step1.intro')}</Text>
        <TextInput
          label={t('setup.accountName')}
          description={t('setup.accountNameHint')}
          required
          value={draft.account.name}
          onChange={(e) => {
            const name = e.currentTarget.value;
            setDraft((d) => ({ ...d, account: { name } }));
          }}
          error={problem(problems.name, showProblems)}
        />
        <Group justify="flex-end">
          <Button type="submit">{t('setup.next')}</Button>
        </Group>
      </Stack>
    </form>
  );
}

function StoreStep({
  draft,
  setDraft,
  showProblems,
  onBack,
  onSubmit,
}: StepProps & { showProblems: boolean; onBack: () => void; onSubmit: (e: FormEvent) => void }) {
  const { t } = useTranslation('admin');
  const problem = useProblemText();
  const problems = storeProblems(draft);
  const field = (key: 'name' | 'franchiseName' | 'email' | 'phoneNo' | 'address') => ({
    value: draft.store[key],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setDraft((d) => ({ ...d, store: { ...d.store, [key]: value } }));
    },
    error: key === 'franchiseName' ? undefined : problem(problems[key], showProblems),
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text>{t('setup.step2.intro')}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('store.name')} required {...field('name')} />
          <TextInput label={t('store.franchiseName')} {...field('franchiseName')} />
          <TextInput label={t('store.phoneNo')} type="tel" required {...field('phoneNo')} />
          <TextInput label={t('store.email')} type="email" required {...field('email')} />
        </SimpleGrid>
        <Textarea label={t('store.address')} required autosize minRows={2} {...field('address')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <RegionFields
            value={draft.store}
            onChange={(region) => setDraft((d) => ({ ...d, store: { ...d.store, ...region } }))}
          />
        </SimpleGrid>
        <Title order={3} size="h4">
          {t('storeSettings.groups.hours')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('setup.hoursHint')}
        </Text>
        <HoursEditor value={draft.store.openTime} onChange={(openTime) => setDraft((d) => ({ ...d, store: { ...d.store, openTime } }))} />
        {showProblems && problems.openTime && (
          <Text c="red" role="alert">
            {t('setup.hoursWrong')}
          </Text>
        )}
        <Group justify="space-between">
          <Button variant="default" onClick={onBack}>
            {t('setup.back')}
          </Button>
          <Button type="submit">{t('setup.next')}</Button>
        </Group>
      </Stack>
    </form>
  );
}

function WorkersStep({
  userId,
  language,
  draft,
  setDraft,
  onBack,
}: StepProps & { userId: string; language: 'en' | 'fr'; onBack: () => void }) {
  const { t } = useTranslation(['admin', 'staff']);
  const { api, session } = useServices();
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const problem = useProblemText();
  const [showProblems, setShowProblems] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const problems = workerProblems(draft);
  const update = (key: string, change: Partial<WorkerDraft>) =>
    setDraft((d) => ({ ...d, workers: d.workers.map((w) => (w.key === key ? { ...w, ...change } : w)) }));

  const open = useMutation({
    mutationFn: () => setupAccount(api, setupBody(draft)),
    onSuccess: async ({ account, store, workers }) => {
      clearDraft(userId);
      // The session's token says "no account" until renewed: renew it (again, a moment later, when
      // the server could not be reached), then reload the user.
      for (let attempt = 0; attempt < 3 && (await session.renew()) === 'unavailable'; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      await queryClient.invalidateQueries({ queryKey: userQueryKey(userId) });
      alerts.show({
        type: 'success',
        message: workers.length > 0 ? t('admin:setup.doneWithWorkers', { name: store.name, count: workers.length }) : t('admin:setup.done', { name: store.name }),
      });
      void navigate(routerPath(STAFF_PATHS.accountStores(account._id))!, { replace: true });
    },
    onError: (error) =>
      setServerError(
        isApiError(error) && error.status === 409
          ? error.message.startsWith('The username')
            ? t('admin:setup.usernameTaken', { message: error.message })
            : t('admin:setup.alreadyOpen')
          : isApiError(error) && error.status === 400
            ? t('admin:common.invalid', { message: error.message })
            : t('admin:common.tryAgain'),
      ),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    if (Object.keys(problems).length > 0) {
      setShowProblems(true);
      return;
    }
    if (!open.isPending) open.mutate();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text>{t('admin:setup.step3.intro')}</Text>
        {draft.workers.length === 0 && <Text c="dimmed">{t('admin:setup.noWorkers')}</Text>}
        <Stack gap="md" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {draft.workers.map((w, i) => {
            const p = problems[w.key] ?? {};
            const n = i + 1;
            return (
              <Paper key={w.key} component="li" withBorder radius="md" p="md" data-worker={n} aria-label={t('admin:setup.workerN', { n })}>
                <Group justify="space-between" mb="xs">
                  <Text fw={600}>{t('admin:setup.workerN', { n })}</Text>
                  <Button
                    variant="outline"
                    color="red.9"
                    size="xs"
                    aria-label={t('admin:setup.removeWorkerN', { n })}
                    onClick={() => setDraft((d) => ({ ...d, workers: d.workers.filter((x) => x.key !== w.key) }))}
                  >
                    {t('admin:setup.removeWorker')}
                  </Button>
                </Group>
                <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
                  <TextInput
                    label={t('admin:storeUsers.firstName')}
                    required
                    value={w.firstName}
                    onChange={(e) => update(w.key, { firstName: e.currentTarget.value })}
                    error={problem(p.firstName, showProblems)}
                  />
                  <TextInput label={t('admin:storeUsers.lastName')} value={w.lastName} onChange={(e) => update(w.key, { lastName: e.currentTarget.value })} />
                  <TextInput
                    label={t('admin:storeUsers.username')}
                    required
                    autoCapitalize="none"
                    autoComplete="off"
                    value={w.username}
                    onChange={(e) => update(w.key, { username: e.currentTarget.value })}
                    error={problem(p.username, showProblems)}
                  />
                  <Select
                    label={t('admin:storeUsers.role')}
                    required
                    allowDeselect={false}
                    value={w.type}
                    onChange={(v) => v && update(w.key, { type: v as SetupWorkerRole })}
                    data={SETUP_WORKER_ROLES.map((r) => ({ value: r, label: t(`staff:roles.${r}` as 'staff:roles.Technician') }))}
                  />
                  <TextInput
                    label={t('admin:storeUsers.email')}
                    description={t('admin:setup.emailHint')}
                    type="email"
                    required
                    value={w.email}
                    onChange={(e) => update(w.key, { email: e.currentTarget.value })}
                    error={problem(p.email, showProblems)}
                  />
                  <Select
                    label={t('admin:storeUsers.language')}
                    allowDeselect={false}
                    value={w.language}
                    onChange={(v) => (v === 'en' || v === 'fr') && update(w.key, { language: v })}
                    data={[
                      { value: 'en', label: 'English' },
                      { value: 'fr', label: 'Français' },
                    ]}
                  />
                </SimpleGrid>
              </Paper>
            );
          })}
        </Stack>
        {draft.workers.length < SETUP_MAX_WORKERS && (
          <Group>
            <Button variant="light" onClick={() => setDraft((d) => ({ ...d, workers: [...d.workers, newWorker(language)] }))}>
              {t('admin:setup.addWorker')}
            </Button>
          </Group>
        )}
        {serverError && (
          <Text c="red" role="alert">
            {serverError}
          </Text>
        )}
        <Group justify="space-between">
          <Button variant="default" onClick={onBack}>
            {t('admin:setup.back')}
          </Button>
          <Button type="submit" loading={open.isPending}>
            {t('admin:setup.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
