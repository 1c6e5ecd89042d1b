import { useState } from 'react';
import {
  Badge,
  Button,
  Group,
  List,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { lineDecisionStates, type Estimate, type EstimateLine } from '@servicebay/domain';
import { estimatePaths, orderPaths } from '../../paths.js';
import { EstimateFrame, EstimateTotals, useOrderEstimate } from './EstimatesPage.js';
import { SEVERITY_COLOR, useMoney } from './format.js';
import { splitByDecision } from './estimate-lines.js';
import { DecisionBadge } from './DecisionBadge.js';
import { estimateQueryKey } from './estimate-api.js';
import { useLiveEstimate } from './useLiveEstimate.js';

/**
 * /app/store/{storeId}/inspectionOrder/{id}/approvedWork: the work the customer
 * approved with its total, and what they declined listed as deferred work. The customer review
 * modal shows every item with the customer's decision. Decisions are written by the customer's
 * report page (docs/reports.md); this page only reads them through the estimate's lines.
 */
export function ApprovedWorkPage() {
  const { order, estimate } = useOrderEstimate();
  return (
    <EstimateFrame page="approvedWork" order={order} estimate={estimate}>
      {(o, e) => <ApprovedWork storeId={o.storeId} orderId={o._id} estimate={e} />}
    </EstimateFrame>
  );
}

function LineList({
  lines,
  estimate,
  testId,
  empty,
}: {
  lines: EstimateLine[];
  estimate: Estimate;
  testId: string;
  empty: string;
}) {
  const money = useMoney(estimate);
  if (!lines.length) return <Text c="dimmed">{empty}</Text>;
  return (
    <List spacing="xs" listStyleType="none" data-testid={testId}>
      {lines.map((line) => (
        <List.Item key={line._id}>
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text>{line.description}</Text>
            <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
              {money(line.amounts.subtotal)}
            </Text>
          </Group>
        </List.Item>
      ))}
    </List>
  );
}

function ApprovedWork({
  storeId,
  orderId,
  estimate,
}: {
  storeId: string;
  orderId: string;
  estimate: Estimate;
}) {
  const { t } = useTranslation('estimates');
  const [reviewing, setReviewing] = useState(false);
  const money = useMoney(estimate);
  const { approved, declined, undecided, information } = splitByDecision(estimate.lines);
  // The newest estimate of this page is the cached one (no grid here).
  const queryClient = useQueryClient();
  useLiveEstimate({ storeId, inspectionOrderId: orderId }, () =>
    queryClient.getQueryData<Estimate>(estimateQueryKey(storeId, orderId)),
  );
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="approved-heading">
          <Stack gap="sm">
            <Group justify="space-between">
              <Title order={2} size="h4" id="approved-heading">
                {t('approvedWork.approved')}
              </Title>
              <Text fw={700} data-testid="approved-total-heading">
                {money(estimate.totals.approvedTotal)}
              </Text>
            </Group>
            <LineList
              lines={approved}
              estimate={estimate}
              testId="approved-lines"
              empty={t('approvedWork.noneApproved')}
            />
            <Text size="sm" c="dimmed">
              {t('approvedWork.taxesIncluded')}
            </Text>
          </Stack>
        </Paper>
        <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="deferred-heading">
          <Stack gap="sm">
            <Title order={2} size="h4" id="deferred-heading">
              {t('approvedWork.deferred')}
            </Title>
            <LineList
              lines={declined}
              estimate={estimate}
              testId="deferred-lines"
              empty={t('approvedWork.noneDeferred')}
            />
            {undecided.length > 0 && (
              <Text size="sm" data-testid="undecided-count">
                {t('approvedWork.undecided', { count: undecided.length })}
              </Text>
            )}
            {information.length > 0 && (
              <Text size="sm" c="dimmed" data-testid="information-count">
                {t('approvedWork.information', { count: information.length })}
              </Text>
            )}
          </Stack>
        </Paper>
      </SimpleGrid>
      <EstimateTotals estimate={estimate} approved />
      <Group gap="sm" wrap="wrap">
        <Button size="lg" onClick={() => setReviewing(true)}>
          {t('review.open')}
        </Button>
        <Button size="lg" variant="default" component={Link} to={estimatePaths.estimates(storeId, orderId)}>
          {t('actions.editEstimate')}
        </Button>
        <Button variant="subtle" component={Link} to={orderPaths.order(storeId, orderId)}>
          {t('actions.backToOrder')}
        </Button>
      </Group>
      <CustomerReviewModal opened={reviewing} onClose={() => setReviewing(false)} estimate={estimate} />
    </Stack>
  );
}

/** The customer review: each item with the customer's decision, and the approved total. */
export function CustomerReviewModal({
  opened,
  onClose,
  estimate,
}: {
  opened: boolean;
  onClose: () => void;
  estimate: Estimate;
}) {
  const { t } = useTranslation(['estimates', 'ui']);
  const money = useMoney(estimate);
  const states = lineDecisionStates(estimate.lines);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('review.title')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('ui:dialog.close') }}
    >
      <Stack gap="md" data-testid="customer-review">
        <Text size="sm">{t('review.intro')}</Text>
        {estimate.lines.length === 0 ? (
          <Text>{t('noLines')}</Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('review.item')}</Table.Th>
                <Table.Th>{t('review.decision')}</Table.Th>
                <Table.Th ta="right">{t('review.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {estimate.lines.map((line, n) => (
                <Table.Tr key={line._id} data-testid="review-row">
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      {line.severity && (
                        <Badge size="sm" color={SEVERITY_COLOR[line.severity]} autoContrast>
                          {t(`severity.${line.severity}`)}
                        </Badge>
                      )}
                      <Text size="sm">{line.description}</Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    {states[n] ? (
                      <DecisionBadge state={states[n]} testId="review-decision" />
                    ) : (
                      <Text size="sm" c="dimmed">
                        {t('review.byHand')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{money(line.amounts.subtotal)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group justify="space-between">
          <Text fw={700}>{t('totals.approvedTotal')}</Text>
          <Text fw={700} data-testid="review-approved-total">
            {money(estimate.totals.approvedTotal)}
          </Text>
        </Group>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('review.close')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
