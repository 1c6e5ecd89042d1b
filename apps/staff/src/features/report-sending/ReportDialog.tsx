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
  readStoreSettings,
  type RepairOrder,
  type Language,
  type ReportNotification,
  type SendReportResponse,
} from '@servicebay/domain';
import { useServices } from '../../context.js';
import { useSignedIn } from '../../session/signed-in.js';
import { customerQuery, fetchSendToken, reportLinksKey, sendReport } from './report-api.js';
import type { SmsErrorCode } from './SmsErrorDialog.js';
import {
  defaultTextKeys,
  dialogBody,
  emailFieldProblem,
  initialForm,
  isReady,
  openingLanguage,
  recipientOptions,
  sendBody,
  sendFailure,
  smsErrorOf,
  type ReportForm as Form,
} from './report-dialog-state.js';

/**
 * The report dialog: send the report, or notify that the repair is complete. Subject and
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
  /** The server answered: the dialog is cleared and hidden; the caller decides where to go. */
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
    const keys = defaultTextKeys(notification, language);
    return {
      subjectLine: t(keys.subjectLine, { store: store?.name ?? '' }),
      messageText: t(keys.messageText),
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
    const language = openingLanguage(i18n.language);
    setForm(initialForm(customer.data, language, texts(language)));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, customer.data, form]);

  const offer = recipientOptions(customer.data, form ?? { use3rdPartyEmail: false, use3rdPartyPhone: false }, settings.paymentsEnabled);

  const send = useMutation({
    mutationFn: async () => {
      if (!form || !token) throw new Error('not ready');
      return sendReport(
        api,
        user._id,
        sendBody(form, {
          storeId: order.storeId,
          inspectionOrderId: order._id,
          workerId: user._id,
          notification,
          token,
          customer: customer.data,
          paymentsEnabled: settings.paymentsEnabled,
        }),
      );
    },
    onMutate: () => setError(null),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({
        queryKey: ['inspectionOrders', order.storeId, 'order', order._id],
      });
      void queryClient.invalidateQueries({ queryKey: reportLinksKey(order.storeId, order._id) });
      onSent(answer);
      const sms = smsErrorOf(answer);
      if (sms) onSmsError(sms);
    },
    onError: (e) => {
      const failure = sendFailure(e);
      if (failure.kind === 'smsDialog') onSmsError(failure.code);
      else setError(t(failure.key, { message: failure.message }));
    },
  });

  const set = <K extends keyof Form>(key: K, value: Form[K]) =>
    setForm((f) => (f ? { ...f, [key]: value } : f));
  const title = notification === 'repairComplete' ? t('titleRepairComplete') : t('titleReport');
  const ready = isReady(form, token);
  const emailProblem = form ? emailFieldProblem(form.email, offer.emailEnabled) : null;
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
      {dialogBody(ready, shownError) === 'preparing' ? (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text>{t('preparing')}</Text>
        </Group>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!send.isPending && !emailProblem) send.mutate();
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
                {offer.offerThirdPartyEmail && (
                  <Text size="sm" c="dimmed">
                    {t('noEmail')}
                  </Text>
                )}
                {offer.offerThirdPartyEmail && (
                  <Checkbox
                    label={t('use3rdPartyEmail')}
                    checked={form.use3rdPartyEmail}
                    onChange={(e) => set('use3rdPartyEmail', e.currentTarget.checked)}
                  />
                )}
                <TextInput
                  label={t('email')}
                  inputMode="email"
                  autoComplete="off"
                  description={t('emailHint')}
                  value={form.email}
                  disabled={!offer.emailEnabled}
                  onChange={(e) => set('email', e.currentTarget.value)}
                  error={emailProblem ? t(emailProblem.key, emailProblem) : undefined}
                />
                {offer.offerThirdPartyPhone && (
                  <Text size="sm" c="dimmed">
                    {t('noPhone')}
                  </Text>
                )}
                {offer.offerThirdPartyPhone && (
                  <Checkbox
                    label={t('use3rdPartyPhone')}
                    checked={form.use3rdPartyPhone}
                    onChange={(e) => set('use3rdPartyPhone', e.currentTarget.checked)}
                  />
                )}
                <TextInput
                  label={t('phone')}
                  type="tel"
                  description={t(offer.phoneHint)}
                  value={form.phone}
                  disabled={!offer.phoneEnabled}
                  onChange={(e) => set('phone', e.currentTarget.value)}
                />
                {offer.offerPaymentLink && (
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
              <Button type="submit" loading={send.isPending} disabled={!ready || emailProblem !== null}>
                {t('send')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
