import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface RepairOrderSummary {
  customer: string;
  vehicle: string;
  orderNumber: string;
  /** The store gives a blank number the next of its own sequence on saving. */
  numberedOnSave: boolean;
  mileageIn: string;
  waiting: boolean;
}

/** Confirm ticket information: what is about to be saved, checked once more. */
export function ConfirmRepairOrderModal({
  summary,
  saving,
  onConfirm,
  onClose,
}: {
  summary: RepairOrderSummary;
  saving: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['repairOrderForm', 'ui']);
  const rows: Array<[string, string]> = [
    [t('repairOrderForm:confirm.customer'), summary.customer],
    [t('repairOrderForm:confirm.vehicle'), summary.vehicle],
    [t('repairOrderForm:confirm.orderNumber'), summary.orderNumber ||
        (summary.numberedOnSave ? t('repairOrderForm:confirm.nextOrderNumber') : t('repairOrderForm:confirm.noOrderNumber'))],
    [t('repairOrderForm:confirm.mileageIn'), summary.mileageIn || '—'],
    [t('repairOrderForm:confirm.waiting'), summary.waiting ? t('repairOrderForm:confirm.yes') : t('repairOrderForm:confirm.no')],
  ];
  return (
    <Modal opened onClose={onClose} title={t('repairOrderForm:confirm.title')} centered closeButtonProps={{ 'aria-label': t('ui:dialog.close') }}>
      <Stack gap="md">
        <Text>{t('repairOrderForm:confirm.intro')}</Text>
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
            {t('repairOrderForm:confirm.back')}
          </Button>
          <Button onClick={onConfirm} loading={saving} data-autofocus>
            {t('repairOrderForm:confirm.ok')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** No customer: a ticket needs a customer. */
export function NoCustomerModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['repairOrderForm', 'ui']);
  return (
    <Modal opened onClose={onClose} title={t('repairOrderForm:noCustomer.title')} centered closeButtonProps={{ 'aria-label': t('ui:dialog.close') }}>
      <Stack gap="md">
        <Text>{t('repairOrderForm:noCustomer.message')}</Text>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {t('repairOrderForm:noCustomer.ok')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
