import { useId, useRef, useState } from 'react';
import { Box, Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { approvedTotalOf, formatMoney, type CustomerDecision, type ReportView } from '@servicebay/domain';
import { SignaturePad, type SignaturePadHandle } from '@servicebay/ui';
import { blobToDataUrl, chosenItems } from './report-page.js';
import { PricedItems } from './PricedItems.js';

export interface ApprovalBody {
  decisions: Array<{ resultId: string; decision: CustomerDecision }>;
  signerName: string;
  signature: string;
  estimateVersion?: number;
}

/**
 * The sign sheet: what is approved and declined with the total, the signer's name and signature
 * (drawn, or the typed name), sent as the customer's approval. Full screen on a phone.
 */
export function ReviewModal({
  opened,
  report,
  choices,
  onClose,
  onSigned,
  onRefused,
  send,
}: {
  opened: boolean;
  report: ReportView;
  choices: ReadonlyMap<string, CustomerDecision>;
  onClose: () => void;
  onSigned: (view: ReportView, signerName: string) => void;
  onRefused: (error: unknown) => void;
  send: (body: ApprovalBody) => Promise<ReportView>;
}) {
  const { t } = useTranslation(['customerReport', 'ui'], { lng: report.language });
  const phone = useMediaQuery('(max-width: 40em)');
  const pad = useRef<SignaturePadHandle>(null);
  const hintId = useId();
  const [name, setName] = useState<string | null>(null);
  const [signed, setSigned] = useState(false);
  const [typed, setTyped] = useState(false);
  const [clearKey, setClearKey] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const signerName = name ?? report.customerName ?? '';
  const { approving, declining } = chosenItems(report, choices);
  const total = report.estimate
    ? formatMoney(approvedTotalOf(report, choices), report.estimate.currency, report.language)
    : null;

  const submit = useMutation({
    mutationFn: async () => {
      const blob = await pad.current!.toBlob(signerName, typed && !signed);
      return send({
        decisions: [...choices].map(([resultId, decision]) => ({ resultId, decision })),
        signerName: signerName.trim(),
        signature: await blobToDataUrl(blob),
        ...(report.estimate ? { estimateVersion: report.estimate.version } : {}),
      });
    },
    onSuccess: (view) => {
      setProblem(null);
      setClearKey((k) => k + 1);
      onSigned(view, signerName.trim());
    },
    onError: onRefused,
  });

  const confirm = () => {
    if (!signerName.trim()) return setProblem(t('review.nameMissing'));
    if (!signed && !typed) return setProblem(t('review.empty'));
    setProblem(null);
    submit.mutate();
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('review.title')}
      size="lg"
      // On a phone the sign sheet takes the screen: room to sign with a finger.
      fullScreen={phone}
      keepMounted
      closeButtonProps={{ 'aria-label': t('ui:dialog.close') }}
    >
      <Stack gap="sm">
        {approving.length > 0 && (
          <Box>
            <Text fw={700}>{t('review.approving')}</Text>
            <PricedItems report={report} items={approving} />
          </Box>
        )}
        {declining.length > 0 && (
          <Box>
            <Text fw={700}>{t('review.declining')}</Text>
            <PricedItems report={report} items={declining} />
          </Box>
        )}
        {total && (
          <Text fw={800} size="lg" data-testid="review-total">
            {t('review.total', { amount: total })}
          </Text>
        )}
        <TextInput
          label={t('review.name')}
          value={signerName}
          onChange={(e) => setName(e.currentTarget.value)}
          required
          autoComplete="name"
        />
        <Text fw={500} size="sm">
          {t('review.signature')}
        </Text>
        <Text size="xs" c="dimmed" id={hintId}>
          {t('review.signHint')}
        </Text>
        <SignaturePad
          ref={pad}
          label={t('review.signature')}
          describedBy={hintId}
          onChange={setSigned}
          clearKey={clearKey}
        />
        <Group justify="space-between">
          <Checkbox
            label={t('review.typed')}
            checked={typed}
            onChange={(e) => setTyped(e.currentTarget.checked)}
          />
          <Button variant="subtle" size="xs" onClick={() => setClearKey((k) => k + 1)}>
            {t('review.clear')}
          </Button>
        </Group>
        {problem && (
          <Text c="red" role="alert">
            {problem}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('review.back')}
          </Button>
          <Button onClick={confirm} loading={submit.isPending}>
            {t('review.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
