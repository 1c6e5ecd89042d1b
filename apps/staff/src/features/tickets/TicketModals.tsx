import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface TicketSummary {
  customer: string;
  vehicle: string;
  orderNumber: string;
  mileageIn: string;
  waiting: boolean;
}

/** Spec §2 "confirm ticket information": what is about to be saved, checked once more. */
export function ConfirmTicketModal({
  summary,
  saving,
  onConfirm,
  onClose,
}: {
  summary: TicketSummary;
  saving: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['tickets', 'ui']);
  const rows: Array<[string, string]> = [
    [t('tickets:confirm.customer'), summary.customer],
    [t('tickets:confirm.vehicle'), summary.vehicle],
    [t('tickets:confirm.orderNumber'), summary.orderNumber || t('tickets:confirm.noOrderNumber')],
    [t('tickets:confirm.mileageIn'), summary.mileageIn || '—'],
    [t('tickets:confirm.waiting'), summary.waiting ? t('tickets:confirm.yes') : t('tickets:confirm.no')],
  ];
  return (
    <Modal opened onClose={onClose} title={t('tickets:confirm.title')} centered closeButtonProps={{ 'aria-label': t('ui:dialog.close') }}>
      <Stack gap="md">
        <Text>{t('tickets:confirm.intro')}</Text>
        <Table>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th scope="row">{label}</Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={saving}>
            {t('tickets:confirm.back')}
          </Button>
          <Button onClick={onConfirm} loading={saving} data-autofocus>
            {t('tickets:confirm.ok')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Spec §2 "no-customer": a ticket needs a customer. */
export function NoCustomerModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['tickets', 'ui']);
  return (
    <Modal opened onClose={onClose} title={t('tickets:noCustomer.title')} centered closeButtonProps={{ 'aria-label': t('ui:dialog.close') }}>
      <Stack gap="md">
        <Text>{t('tickets:noCustomer.message')}</Text>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {t('tickets:noCustomer.ok')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
