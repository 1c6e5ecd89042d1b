import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { usePageTexts } from '../page-texts.js';
import { reportTexts } from './texts.js';
import { shareInvalidRecipient, shareProblem, shareRecipients, type Language } from '@servicebay/domain';

/** The share modal: OK validates; the error clears once every field is filled; success closes and resets. */
export function ShareReportModal({
  opened,
  language,
  vehicle,
  shop,
  onClose,
  send,
  onSent,
  onRefused,
}: {
  opened: boolean;
  /** The report's language: the modal's texts and the e-mail's. */
  language: Language;
  /** For the pre-filled subject and message. */
  vehicle: string;
  shop: string;
  onClose: () => void;
  send: (body: { to: string; subject: string; body: string; language: Language }) => Promise<unknown>;
  onSent: (to: string) => void;
  onRefused: (error: unknown) => void;
}) {
  // Opened from the dashboard's history too, whose chunk does not bring the report's texts.
  usePageTexts(reportTexts);
  const { t } = useTranslation(['customerReport', 'ui'], { lng: language });
  const empty = { to: '', subject: '', body: '' };
  const [fields, setFields] = useState(empty);
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    if (opened) {
      setFields({
        to: '',
        subject: t('share.defaultSubject', { vehicle: vehicle }),
        body: t('share.defaultBody', { shop: shop }),
      });
      setInvalid(false);
    }
  }, [opened, vehicle, shop, t]);
  const update = (field: keyof typeof empty, value: string) => {
    const next = { ...fields, [field]: value };
    setFields(next);
    if (invalid && shareProblem(next) === null) setInvalid(false);
  };
  const share = useMutation({
    mutationFn: () => send({ ...fields, language }),
    onSuccess: () => {
      onSent((shareRecipients(fields.to) ?? []).join(', '));
      setFields(empty);
      onClose();
    },
    onError: onRefused,
  });
  // Once OK was refused, an address of 'to' that is not one is named on the field.
  const invalidTo = invalid ? shareInvalidRecipient(fields.to) : null;
  const ok = () => {
    if (shareProblem(fields)) return setInvalid(true);
    share.mutate();
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        <Title order={2} size="h4">
          {t('share.title')}
        </Title>
      }
      closeButtonProps={{ 'aria-label': t('ui:dialog.close') }}
    >
      <Stack gap="sm">
        <TextInput
          label={t('share.to')}
          description={t('share.toHint')}
          inputMode="email"
          value={fields.to}
          onChange={(e) => update('to', e.currentTarget.value)}
          error={invalidTo ? t('share.invalidTo', { address: invalidTo }) : undefined}
          required
          autoComplete="email"
        />
        <TextInput
          label={t('share.subject')}
          value={fields.subject}
          onChange={(e) => update('subject', e.currentTarget.value)}
          required
        />
        <Textarea
          label={t('share.body')}
          value={fields.body}
          onChange={(e) => update('body', e.currentTarget.value)}
          required
          autosize
          minRows={3}
        />
        {invalid && (
          <Text c="red" role="alert">
            {t('share.incomplete')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('share.cancel')}
          </Button>
          <Button onClick={ok} loading={share.isPending}>
            {t('share.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
