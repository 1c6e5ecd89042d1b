import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  isLanguage,
  readStoreSettings,
  type RepairOrder,
  type Language,
  type ReportNotification,
  type SendReportResponse,
} from '@servicebay/domain';
import { ApiError } from '@servicebay/web-core';
import { useServices } from '../../context.js';
import { useSignedIn } from '../../session/signed-in.js';
import { customerQuery, fetchSendToken, reportLinksKey, sendReport } from './report-api.js';
import type { SmsErrorCode } from './SmsErrorDialog.js';

interface Form {
  language: Language;
  subjectLine: string;
  messageText: string;
  email: string;
  phone: string;
  use3rdPartyEmail: boolean;
  use3rdPartyPhone: boolean;
  includePaymentLink: boolean;
}

const SMS_CODES = new Set(['SMS_NOT_PERMITTED', 'SMS_NOT_SENT']);
const KNOWN_CODES = [
  'REPORT_NO_RECIPIENT',
  'SMS_NOT_PERMITTED',
  'SMS_NOT_SENT',
  'SERVICE_UNAVAILABLE',
  'INVALID_ARGUMENTS',
] as const;
type KnownCode = (typeof KNOWN_CODES)[number];
const isKnownCode = (code: string): code is KnownCode => (KNOWN_CODES as readonly string[]).includes(code);

/**
 * Spec §2 report dialog: send the report, or notify that the repair is complete. Subject and
 * message are prefilled in the customer's language, e-mail and phone with the customer's own; the
 * third-party checkboxes show when the customer has none; include payment link when the store
 * takes payments. The hidden token is asked when the dialog opens and kept until it closes, so a
 * retry after a failure never sends a recipient twice (docs/reports.md).
 */
export function ReportDialog({
  order,
  notification,
  opened,
  onClose,
  onSent,
  onSmsError,
}: {
  order: RepairOrder;
  notification: ReportNotification;
  opened: boolean;
  onClose: () => void;
  /** The server answered: the dialog is cleared and hidden; the caller decides where to go (spec §4). */
  onSent: (answer: SendReportResponse) => void;
  onSmsError: (code: SmsErrorCode) => void;
}) {
  const { t, i18n } = useTranslation(['reportSending', 'ui']);
  const { api } = useServices();
  const { user, store } = useSignedIn();
  const queryClient = useQueryClient();
  const settings = readStoreSettings(store);
  const customer = useQuery({ ...customerQuery(api, order.storeId, order.customerId), enabled: opened });
  const [token, setToken] = useState<string | null>(null);
  const [form, setForm] = useState<Form | null>(null);
  const [error, setError] = useState<string | null>(null);

  const texts = (language: Language) => {
    const kind = notification === 'repairComplete' ? 'repair' : 'report';
    return {
      subjectLine: t(`defaults.${language}.${kind}Subject`, { store: store?.name ?? '' }),
      messageText: t(`defaults.${language}.${kind}Message`),
    };
  };

  // Opening: a fresh token and a form filled from the customer.
  const tokenRequest = useMutation({
    mutationFn: () => fetchSendToken(api, order.storeId, order._id),
    onSuccess: (answer) => setToken(answer.token),
    onError: () => setError(t('errors.failed')),
  });
  useEffect(() => {
    if (!opened) {
      setToken(null);
      setForm(null);
      setError(null);
      return;
    }
    tokenRequest.mutate();
    // Once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);
  useEffect(() => {
    if (!opened || form || !customer.data) return;
    const language: Language = isLanguage(i18n.language) ? i18n.language : 'en';
    setForm({
      language,
      ...texts(language),
      email: customer.data.email ?? '',
      phone: customer.data.mobilePhone ?? '',
      use3rdPartyEmail: false,
      use3rdPartyPhone: false,
      includePaymentLink: false,
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, customer.data, form]);

  const ownEmail = Boolean(customer.data?.email);
  const ownPhone = Boolean(customer.data?.mobilePhone);

  const send = useMutation({
    mutationFn: async () => {
      if (!form || !token) throw new Error('not ready');
      const field = (value: string, own: boolean, thirdParty: boolean) =>
        own || thirdParty ? value.trim() || null : null;
      return sendReport(api, user._id, {
        storeId: order.storeId,
        inspectionOrderId: order._id,
        workerId: user._id,
        language: form.language,
        subjectLine: form.subjectLine,
        messageText: form.messageText,
        notification,
        includePaymentLink: settings.paymentsEnabled && form.includePaymentLink,
        customerEmail: field(form.email, ownEmail, form.use3rdPartyEmail),
        customerPhone: field(form.phone, ownPhone, form.use3rdPartyPhone),
        use3rdPartyEmail: !ownEmail && form.use3rdPartyEmail,
        use3rdPartyPhone: !ownPhone && form.use3rdPartyPhone,
        token,
      });
    },
    onMutate: () => setError(null),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({
        queryKey: ['inspectionOrders', order.storeId, 'order', order._id],
      });
      void queryClient.invalidateQueries({ queryKey: reportLinksKey(order.storeId, order._id) });
      onSent(answer);
      const sms = answer.deliveries.find((d) => d.channel === 'sms' && d.status === 'error');
      if (sms) onSmsError(sms.error === 'SMS_NOT_PERMITTED' ? 'SMS_NOT_PERMITTED' : 'SMS_NOT_SENT');
    },
    onError: (e) => {
      if (e instanceof ApiError && SMS_CODES.has(e.code)) {
        onSmsError(e.code as SmsErrorCode);
        return;
      }
      if (e instanceof ApiError && e.status === 0) setError(t('errors.offline'));
      else if (e instanceof ApiError && isKnownCode(e.code))
        setError(t(`errors.${e.code}`, { message: e.message }));
      else setError(t('errors.failed'));
    },
  });

  const set = <K extends keyof Form>(key: K, value: Form[K]) =>
    setForm((f) => (f ? { ...f, [key]: value } : f));
  const title = notification === 'repairComplete' ? t('titleRepairComplete') : t('titleReport');
  const ready = Boolean(form && token);
  const shownError = error ?? (customer.isError ? t('errors.failed') : null);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('ui:dialog.close') }}
    >
      {!ready && !shownError ? (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text>{t('preparing')}</Text>
        </Group>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!send.isPending) send.mutate();
          }}
          data-testid="report-dialog"
        >
          <Stack gap="sm">
            <Text size="sm">{t('intro')}</Text>
            {form && (
              <>
                <div>
                  <Text size="sm" fw={500} id="report-language-label" mb={4}>
                    {t('language')}
                  </Text>
                  <SegmentedControl
                    aria-labelledby="report-language-label"
                    value={form.language}
                    onChange={(value) => {
                      const language = value as Language;
                      setForm((f) => (f ? { ...f, language, ...texts(language) } : f));
                    }}
                    data={(['en', 'fr'] as const).map((l) => ({ value: l, label: t(`languages.${l}`) }))}
                  />
                </div>
                <TextInput
                  label={t('subject')}
                  required
                  value={form.subjectLine}
                  onChange={(e) => set('subjectLine', e.currentTarget.value)}
                  maxLength={200}
                />
                <Textarea
                  label={t('message')}
                  required
                  autosize
                  minRows={4}
                  maxRows={10}
                  value={form.messageText}
                  onChange={(e) => set('messageText', e.currentTarget.value)}
                  maxLength={2000}
                />
                {!ownEmail && (
                  <Text size="sm" c="dimmed">
                    {t('noEmail')}
                  </Text>
                )}
                {!ownEmail && (
                  <Checkbox
                    label={t('use3rdPartyEmail')}
                    checked={form.use3rdPartyEmail}
                    onChange={(e) => set('use3rdPartyEmail', e.currentTarget.checked)}
                  />
                )}
                <TextInput
                  label={t('email')}
                  type="email"
                  description={t('emailHint')}
                  value={form.email}
                  disabled={!ownEmail && !form.use3rdPartyEmail}
                  onChange={(e) => set('email', e.currentTarget.value)}
                />
                {!ownPhone && (
                  <Text size="sm" c="dimmed">
                    {t('noPhone')}
                  </Text>
                )}
                {!ownPhone && (
                  <Checkbox
                    label={t('use3rdPartyPhone')}
                    checked={form.use3rdPartyPhone}
                    onChange={(e) => set('use3rdPartyPhone', e.currentTarget.checked)}
                  />
                )}
                <TextInput
                  label={t('phone')}
                  type="tel"
                  description={
                    customer.data && !customer.data.permissionToText
                      ? t('noPermissionToText')
                      : t('phoneHint')
                  }
                  value={form.phone}
                  disabled={!ownPhone && !form.use3rdPartyPhone}
                  onChange={(e) => set('phone', e.currentTarget.value)}
                />
                {settings.paymentsEnabled && (
                  <Checkbox
                    label={t('includePaymentLink')}
                    description={t('paymentLinkLater')}
                    checked={form.includePaymentLink}
                    onChange={(e) => set('includePaymentLink', e.currentTarget.checked)}
                  />
                )}
              </>
            )}
            {shownError && (
              <Alert color="red" variant="light" role="alert">
                {shownError}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('cancel')}
              </Button>
              <Button type="submit" loading={send.isPending} disabled={!ready}>
                {t('send')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
