import { Badge, Paper, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { shownPartsState, type PartsState } from '@servicebay/domain';
import { useServices } from '../../context.js';
import { partsQuery, useLiveWorkOrder } from './work-order-api.js';
import { WorkOrderFrame, WorkOrderQueryState } from './WorkOrderPage.js';

/**
 * /app/store/{storeId}/inspectionOrder/{id}/parts: the ticket's parts in the shop system, the
 * declined ones flagged, and the parts state they give (inProgressHaveOrdered and
 * inProgressSomeParts shown as in progress).
 */
export function PartsPage() {
  const { t } = useTranslation('workOrders');
  const { api } = useServices();
  const { storeId = '', inspectionOrderId = '' } = useParams();
  const parts = useQuery(partsQuery(api, storeId, inspectionOrderId));
  useLiveWorkOrder(storeId, inspectionOrderId);
  return (
    <WorkOrderFrame
      page="parts"
      actions={
        parts.data && (
          <Badge color="blue.8" data-testid="parts-state">
            {t('parts.state', { state: t(`states.${shownPartsState(parts.data.state as PartsState)}`) })}
          </Badge>
        )
      }
    >
      {!parts.data ? (
        <WorkOrderQueryState error={parts.error} onRetry={() => void parts.refetch()} />
      ) : parts.data.items.length === 0 ? (
        <Paper withBorder p="md">
          <Text>{t('parts.empty')}</Text>
        </Paper>
      ) : (
        <Paper withBorder>
          <Table striped verticalSpacing="sm" data-testid="parts-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('parts.number')}</Table.Th>
                <Table.Th>{t('parts.description')}</Table.Th>
                <Table.Th>{t('parts.quantity')}</Table.Th>
                <Table.Th>{t('parts.status')}</Table.Th>
                <Table.Th>{t('parts.declined')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {parts.data.items.map((part) => (
                <Table.Tr key={part.ID} data-declined={part.Declined}>
                  <Table.Td>{part.PartNumber ?? '—'}</Table.Td>
                  <Table.Td>{part.Description}</Table.Td>
                  <Table.Td>{part.Quantity}</Table.Td>
                  <Table.Td>{t(`parts.statuses.${part.Status}`)}</Table.Td>
                  <Table.Td>
                    <Badge color={part.Declined ? 'red.9' : 'teal.9'}>{part.Declined ? t('parts.declined') : t('parts.wanted')}</Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </WorkOrderFrame>
  );
}
