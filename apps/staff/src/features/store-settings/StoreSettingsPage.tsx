import { useState, type FormEvent, type ReactNode } from 'react';
import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import {
  defaultTimeZone,
  fullWeek,
  isCountry,
  isTimeZone,
  isValidEmail,
  MANAGEMENT_SYSTEMS,
  openTimeProblems,
  phoneDigits,
  THEMES,
  type Country,
  type OpenDay,
  type Store,
  type StoreSettings,
} from '@servicebay/domain';
import { PasswordField, useAlerts } from '@servicebay/ui';
import { isApiError } from '@servicebay/web-core';
import { useServices } from '../../context.js';
import { storeQueryKey } from '../../session/signed-in.js';
import { LabelledSegmentedControl } from '../../kit/LabelledSegmentedControl.js';
import { RegionFields } from '../../kit/RegionFields.js';
import { StoreAdminFrame } from '../store-users/StoreAdminFrame.js';
import { HoursEditor } from './HoursEditor.js';
import { updateStoreSettings } from './store-settings-api.js';
import { EstimateSettings, estimateSettingsValid } from './EstimateSettings.js';
import { CannedJobsSettings } from './CannedJobsSettings.js';

/**
 * The store's settings, grouped so a manager understands them.
 * Saved with one PUT; the server validates and the change is in force for the next request.
 */
export function StoreSettingsPage() {
  const { accountId = '', storeId = '' } = useParams();
  return (
    <StoreAdminFrame accountId={accountId} storeId={storeId} current="settings">
      {(store) => <SettingsForm key={store._id} store={store} />}
    </StoreAdminFrame>
  );
}

interface Details {
  name: string;
  franchiseName: string;
  email: string;
  phoneNo: string;
  address: string;
  country: Country;
  state: string;
}

type PinChange = { mode: 'keep' } | { mode: 'set'; value: string } | { mode: 'remove' };

function settingsOf(store: Store): StoreSettings {
  const {
    _id: _ignoredId,
    name: _n,
    franchiseName: _f,
    email: _e,
    phoneNo: _p,
    address: _a,
    country: _c,
    state: _st,
    openTime: _o,
    partnerId: _pi,
    accountId: _ai,
    active: _ac,
    adminPINSet: _s,
    ...settings
  } = store;
  return settings;
}

/** The IANA zones this browser knows, for the time-zone choice (the server checks its own list again). */
const TIME_ZONES: string[] = (() => {
  try {
    return Intl.supportedValuesOf('timeZone').filter(isTimeZone);
  } catch {
    return [];
  }
})();

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="lg" component="section">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

function SettingsForm({ store }: { store: Store }) {
  const { t } = useTranslation(['admin', 'ui', 'estimates']);
  const { api } = useServices();
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const [settings, setSettings] = useState<StoreSettings>(() => settingsOf(store));
  const [details, setDetails] = useState<Details>(() => ({
    name: store.name,
    franchiseName: store.franchiseName ?? '',
    email: store.email ?? '',
    phoneNo: store.phoneNo ?? '',
    address: store.address ?? '',
    country: store.country,
    state: store.state ?? '',
  }));
  const [hours, setHours] = useState<OpenDay[]>(() => fullWeek(store.openTime));
  const [pin, setPin] = useState<PinChange>({ mode: 'keep' });
  const [newMessage, setNewMessage] = useState('');

  const set = <K extends keyof StoreSettings>(key: K, value: StoreSettings[K]) => setSettings((s) => ({ ...s, [key]: value }));
  const setIntegration = <K extends keyof StoreSettings['integration']>(key: K, value: StoreSettings['integration'][K]) =>
    setSettings((s) => ({ ...s, integration: { ...s.integration, [key]: value } }));
  const switchFor = (key: SwitchKey) => (
    <Switch
      label={t(`admin:storeSettings.fields.${key}`)}
      description={t(`admin:storeSettings.hints.${key}`)}
      checked={settings[key] as boolean}
      onChange={(e) => set(key, e.currentTarget.checked as never)}
    />
  );

  const emailInvalid = details.email.trim() !== '' && !isValidEmail(details.email.trim());
  const phoneInvalid = details.phoneNo.trim() !== '' && phoneDigits(details.phoneNo) === null;
  const hoursInvalid = openTimeProblems(hours).length > 0;
  const pinInvalid = pin.mode === 'set' && !/^\d{4,8}$/.test(pin.value.trim());
  const valid =
    details.name.trim() !== '' && !emailInvalid && !phoneInvalid && !hoursInvalid && !pinInvalid && estimateSettingsValid(settings);

  const save = useMutation({
    mutationFn: () =>
      updateStoreSettings(api, store._id, {
        ...settings,
        ...details,
        openTime: hours,
        ...(pin.mode === 'set' && { adminPIN: pin.value.trim() }),
        ...(pin.mode === 'remove' && { adminPIN: null }),
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(storeQueryKey(saved._id), saved);
      setPin({ mode: 'keep' });
      alerts.show({ type: 'success', message: t('admin:storeSettings.saved') });
    },
    onError: (error) =>
      alerts.show({
        type: 'danger',
        strongMessage: t('admin:common.saveFailed'),
        message: isApiError(error) && error.status === 400 ? t('admin:common.invalid', { message: error.message }) : t('admin:common.tryAgain'),
      }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid && !save.isPending) save.mutate();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Section title={t('admin:storeSettings.groups.details')} description={t('admin:storeSettings.groupHints.details')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('admin:store.name')}
              required
              value={details.name}
              onChange={(e) => setDetails({ ...details, name: e.currentTarget.value })}
              error={details.name.trim() === '' ? t('admin:store.nameMandatory') : undefined}
            />
            <TextInput label={t('admin:store.franchiseName')} value={details.franchiseName} onChange={(e) => setDetails({ ...details, franchiseName: e.currentTarget.value })} />
            <TextInput
              label={t('admin:store.email')}
              type="email"
              value={details.email}
              onChange={(e) => setDetails({ ...details, email: e.currentTarget.value })}
              error={emailInvalid ? t('admin:common.invalidEmail') : undefined}
            />
            <TextInput
              label={t('admin:store.phoneNo')}
              type="tel"
              value={details.phoneNo}
              onChange={(e) => setDetails({ ...details, phoneNo: e.currentTarget.value })}
              error={phoneInvalid ? t('admin:common.invalidPhone') : undefined}
            />
          </SimpleGrid>
          <Textarea label={t('admin:store.address')} autosize minRows={2} value={details.address} onChange={(e) => setDetails({ ...details, address: e.currentTarget.value })} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <RegionFields value={details} onChange={(region) => setDetails({ ...details, ...region })} />
          </SimpleGrid>
        </Section>

        <Section title={t('admin:storeSettings.groups.hours')} description={t('admin:storeSettings.groupHints.hours')}>
          <TimeZoneSelect
            value={settings.timeZone}
            onChange={(zone) => set('timeZone', zone)}
            fallback={defaultTimeZone(isCountry(details.country) ? details.country : undefined, details.state || null)}
          />
          <HoursEditor value={hours} onChange={setHours} />
          {hoursInvalid && (
            <Text c="red" role="alert">
              {t('admin:hours.fixHours')}
            </Text>
          )}
        </Section>

        <Section title={t('admin:storeSettings.groups.workflow')} description={t('admin:storeSettings.groupHints.workflow')}>
          <LabelledSegmentedControl<StoreSettings['workflowVersion']>
            label={t('admin:storeSettings.fields.workflowVersion')}
            value={settings.workflowVersion}
            onChange={(v) => set('workflowVersion', v)}
            data={[
              { value: '1', label: t('admin:storeSettings.workflowBasic') },
              { value: '2', label: t('admin:storeSettings.workflowAdvanced') },
            ]}
          >
            <Text size="sm" c="dimmed">
              {t('admin:storeSettings.hints.workflowVersion')}
            </Text>
          </LabelledSegmentedControl>
          {switchFor('techCanWorkOnlyOwnInspection')}
          {switchFor('technicianUseSADashboard')}
          {switchFor('inspectionTimeTrackerEnable')}
        </Section>

        <Section title={t('admin:storeSettings.groups.tickets')} description={t('admin:storeSettings.groupHints.tickets')}>
          {switchFor('assignOrderNumbers')}
          {switchFor('vinOrOrderNumberMandatory')}
          {switchFor('vinIsMandatory')}
          {switchFor('scheduledMaintenanceEnabled')}
          {switchFor('automaticInspectionSelectionEnabled')}
          <TextInput
            label={t('admin:storeSettings.fields.defaultInspection')}
            description={t('admin:storeSettings.hints.defaultInspection')}
            value={settings.defaultInspection ?? ''}
            onChange={(e) => set('defaultInspection', e.currentTarget.value.trim() === '' ? null : e.currentTarget.value)}
          />
        </Section>

        <Section title={t('admin:storeSettings.groups.payments')} description={t('admin:storeSettings.groupHints.payments')}>
          {switchFor('paymentsEnabled')}
        </Section>

        <Section title={t('admin:storeSettings.groups.estimates')} description={t('admin:storeSettings.groupHints.estimates')}>
          <EstimateSettings settings={settings} onChange={(change) => setSettings((s) => ({ ...s, ...change }))} />
        </Section>

        <Section title={t('estimates:cannedJobs.title')} description={t('estimates:cannedJobs.purpose')}>
          <CannedJobsSettings storeId={store._id} currency={store.currency} labourRate={store.labourRate} />
        </Section>

        <Section title={t('admin:storeSettings.groups.communication')} description={t('admin:storeSettings.groupHints.communication')}>
          {switchFor('internalChatEnabled')}
          <TextInput
            label={t('admin:storeSettings.fields.internalChatWorkspaceId')}
            description={t('admin:storeSettings.hints.internalChatWorkspaceId')}
            value={settings.internalChatWorkspaceId ?? ''}
            onChange={(e) => set('internalChatWorkspaceId', e.currentTarget.value.trim() === '' ? null : e.currentTarget.value)}
          />
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              {t('admin:storeSettings.fields.cannedMessages')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('admin:storeSettings.hints.cannedMessages')}
            </Text>
            {settings.cannedMessages.length === 0 && <Text size="sm">{t('admin:storeSettings.noCannedMessages')}</Text>}
            {settings.cannedMessages.map((m, index) => (
              <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
                <Textarea
                  style={{ flex: 1 }}
                  autosize
                  minRows={1}
                  aria-label={t('admin:storeSettings.cannedMessageN', { n: index + 1 })}
                  value={m.text}
                  onChange={(e) => {
                    const text = e.currentTarget.value;
                    set('cannedMessages', settings.cannedMessages.map((c, i) => (i === index ? { text } : c)));
                  }}
                />
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={t('admin:storeSettings.removeCannedMessage', { n: index + 1 })}
                  onClick={() => set('cannedMessages', settings.cannedMessages.filter((_, i) => i !== index))}
                >
                  ×
                </ActionIcon>
              </Group>
            ))}
            <Group gap="xs" align="flex-end">
              <TextInput style={{ flex: 1 }} label={t('admin:storeSettings.newCannedMessage')} value={newMessage} onChange={(e) => setNewMessage(e.currentTarget.value)} />
              <Button
                variant="default"
                disabled={newMessage.trim() === ''}
                onClick={() => {
                  set('cannedMessages', [...settings.cannedMessages, { text: newMessage.trim() }]);
                  setNewMessage('');
                }}
              >
                {t('admin:storeSettings.addCannedMessage')}
              </Button>
            </Group>
          </Stack>
        </Section>

        <Section title={t('admin:storeSettings.groups.security')} description={t('admin:storeSettings.groupHints.security')}>
          <LabelledSegmentedControl<PinChange['mode']>
            label={t('admin:storeSettings.fields.adminPIN')}
            description={
              <Text size="sm" c="dimmed">
                {store.adminPINSet ? t('admin:storeSettings.pinIsSet') : t('admin:storeSettings.pinNotSet')}
              </Text>
            }
            value={pin.mode}
            onChange={(v) => setPin(v === 'set' ? { mode: 'set', value: '' } : v === 'remove' ? { mode: 'remove' } : { mode: 'keep' })}
            data={[
              { value: 'keep', label: t('admin:storeSettings.pinKeep') },
              { value: 'set', label: store.adminPINSet ? t('admin:storeSettings.pinChange') : t('admin:storeSettings.pinSet') },
              ...(store.adminPINSet ? [{ value: 'remove' as const, label: t('admin:storeSettings.pinRemove') }] : []),
            ]}
          >
            {pin.mode === 'set' && (
              <PasswordField
                label={t('admin:storeSettings.newPin')}
                description={t('admin:storeSettings.pinHint')}
                inputMode="numeric"
                autoComplete="off"
                value={pin.value}
                onChange={(e) => setPin({ mode: 'set', value: e.currentTarget.value })}
                error={pin.value !== '' && pinInvalid ? t('admin:storeSettings.pinHint') : undefined}
              />
            )}
          </LabelledSegmentedControl>
          <Switch
            label={t('admin:storeSettings.fields.logoutByInactivity')}
            description={t('admin:storeSettings.hints.logoutByInactivity')}
            checked={settings.logoutByInactivity !== null}
            onChange={(e) => set('logoutByInactivity', e.currentTarget.checked ? { unit: 'hours', value: 8 } : null)}
          />
          {settings.logoutByInactivity && (
            <Group gap="sm" align="flex-end">
              <NumberInput
                label={t('admin:storeSettings.inactivityValue')}
                min={1}
                max={1440}
                value={settings.logoutByInactivity.value}
                onChange={(v) => set('logoutByInactivity', { unit: settings.logoutByInactivity!.unit, value: typeof v === 'number' && v >= 1 ? Math.min(1440, Math.round(v)) : 1 })}
              />
              <Select
                label={t('admin:storeSettings.inactivityUnit')}
                allowDeselect={false}
                value={settings.logoutByInactivity.unit}
                onChange={(v) => v && set('logoutByInactivity', { value: settings.logoutByInactivity!.value, unit: v as 'minutes' | 'hours' })}
                data={[
                  { value: 'minutes', label: t('admin:storeSettings.minutes') },
                  { value: 'hours', label: t('admin:storeSettings.hours') },
                ]}
              />
            </Group>
          )}
          {switchFor('auditStore')}
        </Section>

        <Section title={t('admin:storeSettings.groups.appearance')} description={t('admin:storeSettings.groupHints.appearance')}>
          <Select
            label={t('admin:storeSettings.fields.darkOrLightTheme')}
            description={t('admin:storeSettings.hints.darkOrLightTheme')}
            allowDeselect={false}
            value={settings.darkOrLightTheme}
            onChange={(v) => v && set('darkOrLightTheme', v as StoreSettings['darkOrLightTheme'])}
            data={THEMES.map((theme) => ({ value: theme, label: t(`admin:storeSettings.themes.${theme}`) }))}
          />
          <TextInput
            label={t('admin:storeSettings.fields.vinScannerVersion')}
            description={t('admin:storeSettings.hints.vinScannerVersion')}
            value={settings.vinScannerVersion ?? ''}
            onChange={(e) => set('vinScannerVersion', e.currentTarget.value.trim() === '' ? null : e.currentTarget.value)}
          />
        </Section>

        <Section title={t('admin:storeSettings.groups.vehicleData')} description={t('admin:storeSettings.groupHints.vehicleData')}>
          {switchFor('enabledProscanData')}
          <TextInput
            label={t('admin:storeSettings.fields.proscanShopId')}
            description={t('admin:storeSettings.hints.proscanShopId')}
            value={settings.proscanShopId ?? ''}
            onChange={(e) => set('proscanShopId', e.currentTarget.value.trim() === '' ? null : e.currentTarget.value)}
          />
          {switchFor('enabledMotorData')}
        </Section>

        <Section title={t('admin:storeSettings.groups.integration')} description={t('admin:storeSettings.groupHints.integration')}>
          <Select
            label={t('admin:storeSettings.integration.managementSystem')}
            value={settings.integration.managementSystem ?? 'none'}
            allowDeselect={false}
            onChange={(v) => setIntegration('managementSystem', !v || v === 'none' ? null : (v as (typeof MANAGEMENT_SYSTEMS)[number]))}
            data={[{ value: 'none', label: t('admin:storeSettings.integration.none') }, ...MANAGEMENT_SYSTEMS.map((m) => ({ value: m, label: m }))]}
          />
          <TextInput
            label={t('admin:storeSettings.integration.endpoint')}
            value={settings.integration.endpoint ?? ''}
            onChange={(e) => setIntegration('endpoint', e.currentTarget.value.trim() === '' ? null : e.currentTarget.value)}
          />
          {(['enabled', 'twoWay', 'enableClockIn', 'searchSMSDatabase', 'displayAllExpandedByDefault'] as const).map((key) => (
            <Switch
              key={key}
              label={t(`admin:storeSettings.integration.${key}`)}
              checked={settings.integration[key]}
              onChange={(e) => setIntegration(key, e.currentTarget.checked)}
            />
          ))}
        </Section>

        <Group justify="flex-end" pos="sticky" bottom={0} py="sm" bg="var(--mantine-color-body)">
          {!valid && <Text c="red">{t('admin:storeSettings.fixErrors')}</Text>}
          <Button type="submit" size="md" disabled={!valid} loading={save.isPending}>
            {t('admin:storeSettings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The yes/no settings shown as switches, each with its label and hint in the catalog. */
type SwitchKey =
  | 'techCanWorkOnlyOwnInspection'
  | 'technicianUseSADashboard'
  | 'inspectionTimeTrackerEnable'
  | 'assignOrderNumbers'
  | 'vinOrOrderNumberMandatory'
  | 'vinIsMandatory'
  | 'scheduledMaintenanceEnabled'
  | 'automaticInspectionSelectionEnabled'
  | 'paymentsEnabled'
  | 'internalChatEnabled'
  | 'auditStore'
  | 'enabledProscanData'
  | 'enabledMotorData';

/** The store's time zone: searchable; empty means the default of its province or state, shown as the placeholder. */
function TimeZoneSelect({ value, onChange, fallback }: { value: string | null; onChange: (zone: string | null) => void; fallback: string }) {
  const { t } = useTranslation('admin');
  const zones = value && !TIME_ZONES.includes(value) ? [value, ...TIME_ZONES] : TIME_ZONES;
  return (
    <Select
      label={t('storeSettings.fields.timeZone')}
      description={t('storeSettings.hints.timeZone', { zone: fallback })}
      placeholder={t('storeSettings.timeZoneDefault', { zone: fallback })}
      data={zones}
      value={value}
      onChange={(zone) => onChange(zone || null)}
      searchable
      clearable
      nothingFoundMessage={t('storeSettings.timeZoneNone')}
      limit={100}
      maw={420}
      data-testid="store-time-zone"
    />
  );
}
