import { useState } from 'react';
import { Anchor, Button, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney, isLanguage, type RepairOrder } from '@servicebay/domain';
import { useServices } from '../../context.js';
import { orderPaths } from '../../paths.js';
import { approvalTrailQuery, issueReportLink } from './customer-report-api.js';

/**
 * On the order page (docs/reports.md): the way to the customer's view (the preview page), a
 * fresh report link to copy, and the approval audit trail: who signed what, when, from where,
 * against which estimate version, with the signature picture.
 */
export function ApprovalTrail({ order }: { order: RepairOrder }) {
  const { t, i18n } = useTranslation('customerReport');
  const { api } = useServices();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const trail = useQuery(approvalTrailQuery(api, order.storeId, order._id));
  const [url, setUrl] = useState<string | null>(null);
  const makeLink = useMutation({
    mutationFn: () => issueReportLink(api, order.storeId, order._id),
    onSuccess: (answer) => setUrl(answer.url),
  });
  const money = (cents: number | null) =>
    cents === null
      ? '—'
      : formatMoney(cents, trail.data?.currency ?? 'USD', language);
  const when = (iso: string) =>
    new Intl.DateTimeFormat(language === 'fr' ? 'fr-CA' : 'en-US', {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(iso));

  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      data-testid="approval-trail"
      component="section"
      aria-labelledby="approval-trail-title"
    >
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} size="h4" id="approval-trail-title">
          {t('trail.title')}
        </Title>
        <Group gap="xs">
          <Button
            component={Link}
            to={`${orderPaths.order(order.storeId, order._id)}/preview`}
            variant="default"
            size="sm"
          >
            {t('preview.open')}
          </Button>
          <Button variant="default" size="sm" onClick={() => makeLink.mutate()} loading={makeLink.isPending}>
            {t('trail.copyLink')}
          </Button>
        </Group>
      </Group>
      {url && (
        <Text size="sm" mt="xs" style={{ overflowWrap: 'anywhere' }} data-testid="report-link">
          {t('trail.linkMade', { url: '' })}
          <Anchor href={url} target="_blank" rel="noreferrer">
            {url}
          </Anchor>
        </Text>
      )}
      {trail.data && trail.data.approvals.length === 0 && (
        <Text c="dimmed" mt="xs">
          {t('trail.empty')}
        </Text>
      )}
      <Stack gap="sm" mt="xs">
        {trail.data?.approvals.map((approval) => (
          <Paper key={approval._id} withBorder p="sm" radius="md" data-approval={approval._id}>
            <Text fw={700}>
              {t('trail.signedBy', { name: approval.signerName })} · {t(`trail.via.${approval.via}`)}
            </Text>
            <Text size="sm" c="dimmed">
              {when(approval.createdAt)}
              {approval.ipAddress ? ` · ${t('trail.from', { ip: approval.ipAddress })}` : ''}
            </Text>
            <ul style={{ margin: '4px 0' }}>
              {approval.decisions.map((d) => (
                <li key={d.resultId}>
                  {d.itemName?.[language] ?? d.resultId}: {t(`decision.${d.decision}`)}
                </li>
              ))}
            </ul>
            {approval.estimateVersion !== null && (
              <Text size="sm">
                {t('trail.estimate', {
                  version: approval.estimateVersion,
                  total: money(approval.estimateTotal),
                  approved: money(approval.approvedTotal),
                })}
              </Text>
            )}
            {approval.signature && (
              <Image
                src={approval.signature.url}
                alt={t('trail.signatureAlt', { name: approval.signerName })}
                w={240}
                h={80}
                fit="contain"
                bg="white"
                mt={4}
              />
            )}
          </Paper>
        ))}
      </Stack>
    </Paper>
  );
}
