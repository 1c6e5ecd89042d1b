import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  approvedTotalOf,
  formatMoney,
  formatPercent,
  reportLayout,
  type CustomerDecision,
  type ReportItem,
  type ReportView,
} from '@servicebay/domain';
import { ImageGallery } from '../media/ImageGallery.js';
import { VideoPlayer, type PlayerVideo } from '../media/VideoPlayer.js';

/**
 * Printing ("Save as PDF" in the browser): no buttons or page chrome, every item, the good ones
 * folded on screen included (unfolded before printing), pictures small, items kept whole across
 * pages.
 */
export const REPORT_PRINT_CSS = `
@media print {
  .sb-no-print, .sb-report button:not(.sb-report-thumb):not(.sb-report-fold), .mantine-Modal-root { display: none !important; }
  .sb-report-pictures { display: flex !important; flex-wrap: wrap; gap: 4px; }
  .sb-report-thumb img { width: 96px !important; height: 72px !important; }
  .sb-report-item { break-inside: avoid; box-shadow: none !important; }
  .sb-report { padding: 0 !important; }
  body { background: #fff !important; }
  a[href^="tel:"], a[href^="mailto:"] { color: inherit !important; text-decoration: none !important; }
}
`;

const SEVERITY_COLOR = { okay: 'teal.9', warning: 'yellow.9', critical: 'red.9' } as const;
/** The counts' text: a colour without a shade reads at AA in either scheme (theme.ts). */
const SEVERITY_TEXT = { okay: 'teal', warning: 'yellow', critical: 'red' } as const;

export interface ReportDocumentProps {
  report: ReportView;
  /** Decisions chosen on the page, not yet signed. */
  choices?: ReadonlyMap<string, CustomerDecision>;
  /** Given when the viewer may decide: approve / decline toggles on undecided items offered for a decision. */
  onChoose?: (resultId: string, decision: CustomerDecision | null) => void;
  /** Given when the viewer may dismiss deferred (declined) items. */
  onDismiss?: (resultId: string) => void;
  dismissing?: string | null;
  /** Above the report: the page's toolbar, a preview banner, alerts. */
  top?: ReactNode;
}

/**
 * The customer's report (docs/reports.md), as the portal page shows it and the staff preview
 * shows it read-only. Made for a phone: shop and vehicle, the counts, then the decisions first
 * (critical, then warning, each with its price and Approve / Decline), the recommended items priced
 * at zero as information, the estimate with the running total approved, deferred work, and the
 * good items folded under their count. Pictures open full screen with their finding as caption.
 * Texts come in the report's language, whatever the app speaks.
 */
export function ReportDocument({
  report,
  choices,
  onChoose,
  onDismiss,
  dismissing,
  top,
}: ReportDocumentProps) {
  // The report's language, whatever the app speaks: the staff preview shows what the customer reads.
  const { t } = useTranslation('customerReport', { lng: report.language });
  const [gallery, setGallery] = useState<{ item: ReportItem; index: number } | null>(null);
  const [video, setVideo] = useState<PlayerVideo | null>(null);
  const [okayOpen, setOkayOpen] = useState(false);
  const okayId = useId();
  // Printing unfolds the good items first (synchronously, before the page is laid out for paper).
  useEffect(() => {
    const unfold = () => flushSync(() => setOkayOpen(true));
    window.addEventListener('beforeprint', unfold);
    return () => window.removeEventListener('beforeprint', unfold);
  }, []);
  const money = (cents: number) => formatMoney(cents, report.estimate?.currency ?? 'USD', report.language);
  const date = new Intl.DateTimeFormat(report.language === 'fr' ? 'fr-CA' : 'en-US', {
    dateStyle: 'medium',
  }).format(new Date(report.date));
  const layout = useMemo(() => reportLayout(report), [report]);
  const items = report.groups.flatMap((g) => g.sections.flatMap((s) => s.items));
  const deferred = items.filter((i) => i.decision === 'declined');
  const undecided = layout.decisions.some((p) => p.item.decision === null);
  // The running total: what the sign sheet will say, the choices not yet signed included.
  const approvedTotal = approvedTotalOf(report, choices ?? NO_CHOICES);
  const card = (item: ReportItem, where?: string) => (
    <ItemCard
      key={item.resultId}
      language={report.language}
      item={item}
      where={where}
      money={money}
      priced={report.estimate !== null}
      choice={choices?.get(item.resultId) ?? null}
      onChoose={item.decidable && item.decision === null ? onChoose : undefined}
      onPicture={(index) => setGallery({ item, index })}
      onVideo={(v) => setVideo(v)}
    />
  );

  return (
    <Stack className="sb-report" gap="md" lang={report.language}>
      <style>{REPORT_PRINT_CSS}</style>
      <header>
        <Title order={1} size="h2">
          {report.shop.name}
        </Title>
        <Stack gap={2} mt={4} align="flex-start">
          {report.shop.address && <Text size="sm">{report.shop.address}</Text>}
          {report.shop.phone && (
            <Anchor size="sm" href={`tel:${report.shop.phone.replace(/[^\d+]/g, '')}`}>
              {t('shop.phoneLine', { phone: report.shop.phone })}
            </Anchor>
          )}
          {report.shop.email && (
            <Anchor size="sm" href={`mailto:${report.shop.email}`}>
              {report.shop.email}
            </Anchor>
          )}
        </Stack>
      </header>
      {top}
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="sb-report-vehicle">
        <Title order={2} size="h3" id="sb-report-vehicle">
          {t('title')}
        </Title>
        <Text fw={700} size="lg" mt={4}>
          {report.vehicle.description || t('vehicle.title')}
        </Text>
        <SimpleGrid cols={2} spacing={4} mt="xs">
          {report.vehicle.licensePlate && (
            <Fact label={t('vehicle.plate')} value={report.vehicle.licensePlate} />
          )}
          {report.vehicle.vin && <Fact label={t('vehicle.vin')} value={report.vehicle.vin} />}
          <Fact
            label={t('vehicle.mileageIn')}
            value={
              report.mileageIn && report.mileageIn > 0
                ? report.mileageIn.toLocaleString(report.language === 'fr' ? 'fr-CA' : 'en-US')
                : t('vehicle.notRecorded')
            }
          />
          {report.orderNumber && <Fact label={t('vehicle.orderNumber')} value={report.orderNumber} />}
          <Fact label={t('vehicle.date')} value={date} />
        </SimpleGrid>
      </Paper>

      <Group gap="xs" component="section" aria-label={t('counts.title')} grow>
        {(['critical', 'warning', 'okay'] as const).map((severity) => (
          <Paper key={severity} withBorder p="xs" radius="md" ta="center" data-count={severity}>
            <Text fw={800} size="xl" c={SEVERITY_TEXT[severity]}>
              {report.counts[severity]}
            </Text>
            <Text size="sm">{t(`counts.${severity}`)}</Text>
          </Paper>
        ))}
      </Group>

      {layout.decisions.length > 0 && (
        <Stack gap="xs" component="section" aria-labelledby="sb-report-decisions" data-section="decisions">
          <Title order={2} size="h3" id="sb-report-decisions">
            {t('sections.decisions')}
          </Title>
          {onChoose && undecided && (
            <Text size="sm" className="sb-no-print">
              {t('review.choose')}
            </Text>
          )}
          {layout.decisions.map((p) => card(p.item, `${p.group} · ${p.section}`))}
        </Stack>
      )}

      {layout.information.length > 0 && (
        <Stack gap="xs" component="section" aria-labelledby="sb-report-information" data-section="information">
          <Title order={2} size="h3" id="sb-report-information">
            {t('sections.information')}
          </Title>
          <Text size="sm">{t('sections.informationText')}</Text>
          {layout.information.map((p) => card(p.item, `${p.group} · ${p.section}`))}
        </Stack>
      )}

      {report.estimate && (
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="sb-report-estimate">
          <Title order={2} size="h3" id="sb-report-estimate">
            {t('estimate.title')}
          </Title>
          <Table mt="xs" verticalSpacing={4}>
            <Table.Tbody>
              {report.estimate.otherLines.map((line, n) => (
                <Table.Tr key={`o${n}`}>
                  <Table.Td>
                    {t('estimate.otherLine', { description: line.description })}
                  </Table.Td>
                  <Table.Td ta="right">{money(line.amounts.subtotal)}</Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Td>{t('estimate.subtotal')}</Table.Td>
                <Table.Td ta="right">{money(report.estimate.totals.subtotal)}</Table.Td>
              </Table.Tr>
              {report.estimate.taxes.map((tax) => (
                <Table.Tr key={tax.name}>
                  <Table.Td>
                    {t('estimate.tax', { name: tax.name, rate: formatPercent(tax.ratePercent, report.language) })}
                  </Table.Td>
                  <Table.Td ta="right">{money(tax.amount)}</Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Th>{t('estimate.total')}</Table.Th>
                <Table.Th ta="right">{money(report.estimate.totals.total)}</Table.Th>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('estimate.approvedTotal')}</Table.Th>
                <Table.Th ta="right" data-total="approved" aria-live="polite">
                  {money(approvedTotal)}
                </Table.Th>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Paper>
      )}

      {deferred.length > 0 && (
        <Paper
          withBorder
          p="md"
          radius="md"
          component="section"
          aria-labelledby="sb-report-deferred"
          data-section="deferred"
        >
          <Title order={2} size="h3" id="sb-report-deferred">
            {t('deferred.title')}
          </Title>
          <Text size="sm" mb="xs">
            {t('deferred.text')}
          </Text>
          <Stack gap="xs">
            {deferred.map((item) => (
              <Group key={item.resultId} justify="space-between" wrap="nowrap" data-deferred={item.resultId}>
                <Text>{item.name}</Text>
                {item.deferredIgnoredByCustomer ? (
                  <Text size="sm" c="dimmed">
                    {t('deferred.dismissed')}
                  </Text>
                ) : onDismiss ? (
                  <Button
                    size="xs"
                    variant="default"
                    loading={dismissing === item.resultId}
                    onClick={() => onDismiss(item.resultId)}
                    aria-label={t('deferred.dismiss', { item: item.name })}
                  >
                    {t('deferred.dismissButton')}
                  </Button>
                ) : null}
              </Group>
            ))}
          </Stack>
        </Paper>
      )}

      {layout.okayCount > 0 && (
        <Box component="section" aria-labelledby="sb-report-okay" data-section="okay">
          <Title order={2} size="h3">
            <UnstyledButton
              id="sb-report-okay"
              className="sb-report-fold"
              aria-expanded={okayOpen}
              aria-controls={okayId}
              onClick={() => setOkayOpen((open) => !open)}
              w="100%"
              py="xs"
            >
              <Group justify="space-between" wrap="nowrap">
                <Text span inherit c="teal">
                  {t('sections.okay', { count: layout.okayCount })}
                </Text>
                <ChevronIcon open={okayOpen} />
              </Group>
            </UnstyledButton>
          </Title>
          {/* Drawn only once unfolded: a phone's first paint is the decisions. */}
          <Box id={okayId} className="sb-report-okay-items" hidden={!okayOpen}>
            {okayOpen && (
              <Stack gap="sm" pt="xs">
                {layout.okay.map((group) => (
                  <Stack key={group.key} gap="xs">
                    <Title order={3} size="h4">
                      {group.name}
                    </Title>
                    {group.sections.map((section) => (
                      <Stack key={section.key} gap="xs">
                        <Title order={4} size="h5" c="dimmed">
                          {section.name}
                        </Title>
                        {section.items.map((item) => card(item))}
                      </Stack>
                    ))}
                  </Stack>
                ))}
              </Stack>
            )}
          </Box>
        </Box>
      )}

      <ImageGallery
        opened={gallery !== null}
        onClose={() => setGallery(null)}
        initialIndex={gallery?.index ?? 0}
        title={gallery?.item.name}
        fullScreen
        language={report.language}
        pictures={(gallery?.item.pictures ?? []).map((p) => ({
          url: p.gallery,
          name: p.name,
          // The dialog is titled with the item: each picture says what was found.
          caption: gallery!.item.finding ?? gallery!.item.name,
        }))}
      />
      <VideoPlayer video={video} onClose={() => setVideo(null)} />
    </Stack>
  );
}

const NO_CHOICES: ReadonlyMap<string, CustomerDecision> = new Map();

function ChevronIcon({ open }: { open: boolean }) {
  return (
    <svg
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden="true"
      focusable="false"
      style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms ease', flexShrink: 0 }}
    >
      <path d="M6 9l6 6 6-6" />
    </svg>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Box>
  );
}

interface ItemCardProps {
  item: ReportItem;
  /** The group and section, for an item shown out of them (the decisions, the information). */
  where?: string;
  language: string;
  money: (cents: number) => string;
  priced: boolean;
  choice: CustomerDecision | null;
  onChoose?: (resultId: string, decision: CustomerDecision | null) => void;
  onPicture: (index: number) => void;
  onVideo: (video: PlayerVideo) => void;
}

function ItemCard({ item, where, language, money, priced, choice, onChoose, onPicture, onVideo }: ItemCardProps) {
  const { t } = useTranslation('customerReport', { lng: language });
  const color = SEVERITY_COLOR[item.result as keyof typeof SEVERITY_COLOR] ?? 'gray.7';
  // An item priced at zero shows no price: it is information, nothing is asked of the customer.
  const showPrice = priced && item.lines.length > 0 && (item.subtotal > 0 || item.decision !== null);
  return (
    <Card
      withBorder
      radius="md"
      p="sm"
      className="sb-report-item"
      data-result={item.resultId}
      data-severity={item.result}
      style={{ borderLeft: `6px solid var(--mantine-color-${color.replace('.', '-')})` }}
    >
      {where && (
        <Text size="xs" c="dimmed">
          {where}
        </Text>
      )}
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Text fw={700}>{item.name}</Text>
        <Badge color={color} variant="light" style={{ flexShrink: 0 }}>
          {t(`severity.${item.result}`)}
        </Badge>
      </Group>
      {item.finding && (
        <Text size="sm" mt={4}>
          <Text span fw={600}>
            {t('item.finding')}
          </Text>{' '}
          {item.finding}
        </Text>
      )}
      {item.recommendation && (
        <Text size="sm">
          <Text span fw={600}>
            {t('item.recommendation')}
          </Text>{' '}
          {item.recommendation}
        </Text>
      )}
      {item.measurement && (
        <Text size="sm">
          {t('item.measured', {
            value: item.measurement.value.toLocaleString(language === 'fr' ? 'fr-CA' : 'en-US'),
            unit: item.measurement.unit,
          })}
        </Text>
      )}
      {item.note && (
        <Text size="sm">
          <Text span fw={600}>
            {t('item.note')}
          </Text>{' '}
          {item.note}
        </Text>
      )}
      {item.pictures.length > 0 && (
        // Two across on a phone, three from 576 px: the 320 px thumbnail or the 640 px copy, as the
        // screen's density needs. A phone's column is half the screen less the page's and the
        // card's margins (176 px of a 412 px screen), at most about 200 px on larger screens.
        <SimpleGrid cols={{ base: 2, xs: 3 }} spacing={6} mt="xs" className="sb-report-pictures">
          {item.pictures.map((picture, n) => (
            <UnstyledButton
              key={picture.name}
              className="sb-report-thumb"
              onClick={() => onPicture(n)}
              aria-label={t('item.openPicture', { n: n + 1, item: item.name })}
            >
              <img
                src={picture.thumb}
                srcSet={`${picture.thumb} 320w, ${picture.phone} 640w`}
                sizes="(max-width: 575px) calc(50vw - 30px), 200px"
                alt=""
                loading="lazy"
                decoding="async"
                width={320}
                height={240}
                style={{
                  width: '100%',
                  height: 'auto',
                  aspectRatio: '4 / 3',
                  objectFit: 'cover',
                  borderRadius: 6,
                  display: 'block',
                  background: 'var(--sb-color-placeholder)',
                }}
              />
            </UnstyledButton>
          ))}
        </SimpleGrid>
      )}
      {item.videos.length > 0 && (
        <Group gap={6} mt="xs" className="sb-no-print">
          {item.videos.map((v) => (
            <Button
              key={v.name}
              size="xs"
              variant="light"
              onClick={() => onVideo({ url: v.url, name: v.name, duration: v.duration })}
            >
              {t('item.playVideo', { name: v.name })}
            </Button>
          ))}
        </Group>
      )}
      {showPrice && (
        <Stack gap={2} mt="xs" data-price={item.subtotal}>
          {item.lines.map((line, n) => (
            <Group key={n} justify="space-between" wrap="nowrap" align="flex-start">
              <Text size="sm">{line.description}</Text>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {money(line.amounts.subtotal)}
              </Text>
            </Group>
          ))}
          <Group justify="space-between" wrap="nowrap">
            <Text fw={700}>{t('item.price')}</Text>
            <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
              {money(item.subtotal)}
            </Text>
          </Group>
        </Stack>
      )}
      {item.decision ? (
        <Box mt="xs">
          <Badge
            color={item.decision === 'approved' ? 'teal.9' : 'gray.7'}
            variant="filled"
            data-decision={item.decision}
          >
            {t(`decision.${item.decision}`)}
          </Badge>
        </Box>
      ) : item.decidable ? (
        <Box mt="xs">
          {onChoose ? (
            <Group
              gap="xs"
              role="group"
              aria-label={t('decision.legend', { item: item.name })}
              className="sb-no-print"
              grow
            >
              {(['approved', 'declined'] as const).map((decision) => (
                <Button
                  key={decision}
                  size="md"
                  variant={choice === decision ? 'filled' : 'outline'}
                  color={decision === 'approved' ? 'teal.9' : 'gray.8'}
                  aria-pressed={choice === decision}
                  onClick={() => onChoose(item.resultId, choice === decision ? null : decision)}
                >
                  {t(decision === 'approved' ? 'decision.approve' : 'decision.decline')}
                </Button>
              ))}
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {t('decision.waiting')}
            </Text>
          )}
        </Box>
      ) : null}
    </Card>
  );
}
