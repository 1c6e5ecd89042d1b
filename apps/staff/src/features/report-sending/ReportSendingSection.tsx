import { useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  STAFF_PATHS,
  type RepairOrder,
  type ReportNotification,
  type SendReportResponse,
} from '@servicebay/domain';
import { useAlerts, useDialogs } from '@servicebay/ui';
import { useServices } from '../../context.js';
import { routerPath } from '../../paths.js';
import { useSignedIn } from '../../session/signed-in.js';
import { personName } from '../dashboard/format.js';
import { dashboardHighlight } from '../dashboard/dashboard-memory.js';
import { maySendReports, reportLinksKey, reportLinksQuery, revokeReportLinks } from './report-api.js';
import { ReportDialog } from './ReportDialog.js';
import { SmsErrorDialog, type SmsErrorCode } from './SmsErrorDialog.js';
import { afterSent, hasActiveLink } from './report-dialog-state.js';

/**
 * The order page's report part (docs/reports.md): send the report or notify that the repair is
 * complete (the report dialog), the SMS error dialog, and the order's report links with a
 * revoke button. Shown to the roles that may send reports. The page holds which dialog is open,
 * so its action bar can open it too; "Send report" is left to that bar when it offers it.
 * Everything sent goes to the dashboard, which shows the order highlighted.
 */
export function ReportSendingSection({
  order,
  dialog,
  onDialog: setDialog,
  sendInBar,
}: {
  order: RepairOrder;
  dialog: ReportNotification | null;
  onDialog: (dialog: ReportNotification | null) => void;
  sendInBar: boolean;
}) {
  const { t } = useTranslation('reportSending');
  const { user } = useSignedIn();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const [smsError, setSmsError] = useState<SmsErrorCode | null>(null);
  if (!maySendReports(user.type)) return null;

  const onSent = (answer: SendReportResponse) => {
    const next = afterSent(answer, dialog);
    setDialog(null);
    if (next.alert) alerts.show({ type: next.alert.type, message: t(next.alert.key) });
    if (next.toDashboard)
      void navigate(routerPath(STAFF_PATHS.dashboard)!, { state: dashboardHighlight(order._id) });
  };

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap">
        {!sendInBar && (
          <Button size="lg" variant="default" onClick={() => setDialog('report')}>
            {t('open')}
          </Button>
        )}
        <Button size="lg" variant="default" onClick={() => setDialog('repairComplete')}>
          {t('openRepairComplete')}
        </Button>
      </Group>
      <ReportDialog
        order={order}
        notification={dialog ?? 'report'}
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        onSent={onSent}
        onSmsError={setSmsError}
      />
      <SmsErrorDialog code={smsError} onClose={() => setSmsError(null)} />
      <ReportLinks order={order} />
    </Stack>
  );
}

function ReportLinks({ order }: { order: RepairOrder }) {
  const { t, i18n } = useTranslation('reportSending');
  const { api } = useServices();
  const alerts = useAlerts();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const links = useQuery(reportLinksQuery(api, order.storeId, order._id));
  const when = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language === 'fr' ? 'fr-CA' : 'en-US', {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
  const revoke = useMutation({
    mutationFn: async () => {
      const sure = await dialogs.confirm({
        message: t('links.revokeConfirm'),
        okLabel: t('links.revokeOk'),
        danger: true,
      });
      return sure ? revokeReportLinks(api, order.storeId, order._id) : null;
    },
    onSuccess: (answer) => {
      if (!answer) return;
      queryClient.setQueryData(reportLinksKey(order.storeId, order._id), answer);
      alerts.show({ type: 'success', message: t('links.revokedAll') });
    },
    onError: () => alerts.show({ type: 'danger', message: t('errors.failed') }),
  });
  const rows = links.data?._embedded.reportLink ?? [];
  const active = hasActiveLink(rows);

  return (
    <Paper withBorder radius="lg" p="md" data-testid="report-links">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            {t('links.title')}
          </Title>
          {active && (
            <Button
              color="red.9"
              variant="outline"
              onClick={() => revoke.mutate()}
              loading={revoke.isPending}
            >
              {t('links.revoke')}
            </Button>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t('links.intro')}
        </Text>
        {links.isPending ? (
          <Group gap="sm" role="status">
            <Loader size="sm" aria-hidden="true" />
            <Text>{t('links.loading')}</Text>
          </Group>
        ) : links.isError ? (
          <Alert color="red" variant="light">
            {t('links.failed')}
          </Alert>
        ) : rows.length === 0 ? (
          <Text>{t('links.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('links.created')}</Table.Th>
                  <Table.Th>{t('links.createdBy')}</Table.Th>
                  <Table.Th>{t('links.lastOpened')}</Table.Th>
                  <Table.Th>{t('links.state')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((link) => (
                  <Table.Tr
                    key={link._id}
                    data-testid="report-link"
                    data-revoked={link.revokedAt ? 'true' : 'false'}
                  >
                    <Table.Td>{when(link.createdAt)}</Table.Td>
                    <Table.Td>{link.createdBy ? personName(link.createdBy) : ''}</Table.Td>
                    <Table.Td>{link.lastOpenedAt ? when(link.lastOpenedAt) : t('links.never')}</Table.Td>
                    <Table.Td>
                      {link.revokedAt ? (
                        <Badge color="gray.7" variant="outline">
                          {t('links.revoked', { date: when(link.revokedAt) })}
                        </Badge>
                      ) : (
                        <Badge color="teal.9">{t('links.active')}</Badge>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {(links.data?._embedded.delivery.length ?? 0) > 0 && (
          <Stack gap={4}>
            <Text fw={600}>{t('links.deliveries')}</Text>
            {links.data!._embedded.delivery.slice(0, 10).map((d) => (
              <Text size="sm" key={d._id} data-testid="report-delivery" data-status={d.status}>
                {when(d.createdAt)} · {t(`channel.${d.channel}`)} · {d.to} · {t(`deliveryStatus.${d.status}`)}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
