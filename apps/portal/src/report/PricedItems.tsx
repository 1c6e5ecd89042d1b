import { Group, Stack, Text } from '@mantine/core';
import { formatMoney, type ReportItem, type ReportView } from '@servicebay/domain';

/** Items as a list with their prices before taxes: the sign sheet's and the thank-you screen's. */
export function PricedItems({ report, items, testId }: { report: ReportView; items: ReportItem[]; testId?: string }) {
  return (
    <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid={testId}>
      {items.map((item) => (
        <Group key={item.resultId} component="li" justify="space-between" wrap="nowrap" gap="sm">
          <Text>{item.name}</Text>
          {report.estimate && item.subtotal > 0 && (
            <Text style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(item.subtotal, report.estimate.currency, report.language)}
            </Text>
          )}
        </Group>
      ))}
    </Stack>
  );
}
