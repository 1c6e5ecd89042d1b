import { useEffect, useRef } from 'react';
import { Anchor, Box, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney, type CustomerDecision, type ReportView } from '@servicebay/domain';
import { CheckCircleIcon } from '@servicebay/ui';
import { PricedItems } from './PricedItems.js';
import { signedSummary } from './report-page.js';

/**
 * After signing (docs/reports.md): a screen of its own, not a toast. What the customer approved and
 * declined with their prices, the total approved with taxes, and what happens next: the shop is
 * told (the approval reached its dashboards as it was recorded), and the vehicle's promised time
 * when the order has one. Focus moves to its heading so a screen reader starts there.
 */
export function ThankYou({
  report,
  signed,
  signerName,
  onBack,
}: {
  report: ReportView;
  signed: ReadonlyMap<string, CustomerDecision>;
  signerName: string;
  onBack: () => void;
}) {
  const { t } = useTranslation('customerReport', { lng: report.language });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    window.scrollTo(0, 0);
    heading.current?.focus();
  }, []);
  const { approved, declined, approvedTotal } = signedSummary(report, signed);
  const locale = report.language === 'fr' ? 'fr-CA' : 'en-US';
  const money = (cents: number) => formatMoney(cents, report.estimate?.currency ?? 'USD', report.language);
  const promised = report.timePromised
    ? new Intl.DateTimeFormat(locale, {
        weekday: 'long',
        month: 'long',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }).format(new Date(report.timePromised))
    : null;
  const shop = report.shop.name;
  return (
    <Stack gap="md" lang={report.language} data-testid="thank-you">
      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm" align="center" ta="center">
          <ThemeIcon size={56} radius="xl" color="teal.9" aria-hidden>
            <CheckCircleIcon size={34} />
          </ThemeIcon>
          <Title order={1} size="h2" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
            {t('thanks.title', { name: signerName })}
          </Title>
          <Text>{t('thanks.sent', { shop })}</Text>
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="md" component="section" aria-label={t('sections.decisions')}>
        <Stack gap="sm">
          {approved.length > 0 && (
            <Box>
              <Text fw={700} mb={4}>
                {t('thanks.approved')}
              </Text>
              <PricedItems report={report} items={approved} testId="thanks-approved" />
            </Box>
          )}
          {declined.length > 0 && (
            <Box>
              <Text fw={700} mb={4}>
                {t('thanks.declined')}
              </Text>
              <PricedItems report={report} items={declined} testId="thanks-declined" />
            </Box>
          )}
          {report.estimate && (
            <Group
              justify="space-between"
              wrap="nowrap"
              pt="sm"
              style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
            >
              <Text fw={800}>{t('thanks.total')}</Text>
              <Text fw={800} size="lg" data-testid="thanks-total" style={{ whiteSpace: 'nowrap' }}>
                {money(approvedTotal)}
              </Text>
            </Group>
          )}
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="sb-thanks-next">
        <Title order={2} size="h4" id="sb-thanks-next" mb="xs">
          {t('thanks.next')}
        </Title>
        <Stack gap={6}>
          <Text>{t(approved.length > 0 ? 'thanks.told' : 'thanks.toldNothing', { shop })}</Text>
          {promised && approved.length > 0 && (
            <Text fw={600} data-testid="thanks-promised">
              {t('thanks.promised', { time: promised })}
            </Text>
          )}
          {declined.length > 0 && <Text>{t('thanks.deferred')}</Text>}
          {report.shop.phone && (
            <Text>
              <Anchor href={`tel:${report.shop.phone.replace(/[^\d+]/g, '')}`}>
                {t('thanks.call', { phone: report.shop.phone })}
              </Anchor>
            </Text>
          )}
        </Stack>
      </Paper>

      <Button variant="default" size="md" onClick={onBack}>
        {t('thanks.back')}
      </Button>
    </Stack>
  );
}
