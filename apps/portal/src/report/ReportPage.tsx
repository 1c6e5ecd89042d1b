import { useCallback, useEffect, useState } from 'react';
import { Alert, Box, Button, Container, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import {
  approvedTotalOf,
  formatMoney,
  approveReportRoute,
  dismissDeferredRoute,
  getReportRoute,
  isLanguage,
  REPORT_HEARTBEAT_MS,
  REPORT_TOKEN_HEADER,
  shareReportRoute,
  type CustomerDecision,
  type Language,
  type ReportView,
} from '@servicebay/domain';
import { AccentBar, LanguageSelector, NotFound, ReportDocument, useAlerts, useStoreTheme } from '@servicebay/ui';
import { useServices } from '../context.js';
import { lazyDialog } from '../lazy-dialog.js';
import { usePageTexts } from '../page-texts.js';
import { useDrawnInTransition } from '../transition.js';
import { isUnavailable, reportErrorKey } from './report-page.js';
import { reportTexts } from './texts.js';
import { ThankYou } from './ThankYou.js';

// The sign sheet and the share dialog load when first opened (the sign sheet as soon as a first
// decision is made), so the report's first paint neither downloads nor runs them.
const loadReviewModal = () => import('./ReviewModal.js');
const ReviewModal = lazyDialog(() => loadReviewModal().then((m) => m.ReviewModal));
const ShareReportModal = lazyDialog(() => import('./ShareReportModal.js').then((m) => m.ShareReportModal));

/**
 * /report/{inspectionOrderId} (docs/reports.md): the customer's report on a
 * phone, opened from the link the shop sent (`?t=`), or by the customer signed in to the portal.
 * The decisions come first: the customer approves or declines each priced recommended item, sees
 * the total approved as it grows, then signs and gets a thank-you screen; declined items become
 * deferred work they may dismiss; they may share the report by e-mail and print it. While the
 * page is visible it tells the server every 2 s that the report is being read.
 */
export function ReportPage() {
  usePageTexts(reportTexts);
  const { inspectionOrderId = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('t') ?? undefined;
  const asked = params.get('lang');
  const [language, setLanguage] = useState<Language | undefined>(isLanguage(asked) ? asked : undefined);
  const { api, i18n } = useServices();
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const [choices, setChoices] = useState<ReadonlyMap<string, CustomerDecision>>(new Map());
  const [reviewing, setReviewing] = useState(false);
  const [sharing, setSharing] = useState(false);
  const [dismissing, setDismissing] = useState<string | null>(null);
  // What was just signed, and by whom: the thank-you screen shows it until the customer goes back.
  const [thanks, setThanks] = useState<{ signed: ReadonlyMap<string, CustomerDecision>; signerName: string } | null>(
    null,
  );
  const key = ['customer-report', inspectionOrderId, token ?? null, language ?? null];
  const report = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      api.call(getReportRoute, { params: { inspectionOrderId }, query: { t: token, language }, signal }),
  });
  const data = report.data;
  // The page is in the store's theme once the report says which (default while it loads).
  useStoreTheme(data?.shop.theme);
  const { t } = useTranslation('customerReport', { lng: data?.language ?? language });
  useDocumentTitle(data ? `${t('title')} · ${data.shop.name}` : t('title'));

  // The page speaks the report's language (the one it was sent in, or the one chosen here).
  const reportLanguage = data?.language;
  useEffect(() => {
    if (reportLanguage) void i18n.setUserLanguage(reportLanguage);
  }, [reportLanguage, i18n]);

  useReadingHeartbeat(inspectionOrderId, token, data !== undefined && data.viewer.via !== 'staff');
  // Drawn in slices once the answer is there (transition.ts says why).
  const drawn = useDrawnInTransition(data !== undefined);
  const deciding = choices.size > 0;
  useEffect(() => {
    if (deciding) void loadReviewModal();
  }, [deciding]);

  const refresh = (view: ReportView) => queryClient.setQueryData(key, view);
  const fail = (error: unknown) => {
    alerts.show({ type: 'danger', message: t(reportErrorKey(error)) });
    void report.refetch();
  };

  const dismiss = useMutation({
    mutationFn: (resultId: string) =>
      api.call(dismissDeferredRoute, {
        params: { inspectionOrderId, resultId },
        query: { t: token, language: reportLanguage },
        body: { deferredIgnoredByCustomer: true },
      }),
    onMutate: (resultId) => setDismissing(resultId),
    onSuccess: refresh,
    onError: fail,
    onSettled: () => setDismissing(null),
  });

  if (report.isPending || (data && !drawn)) {
    return (
      <Container size="sm" py="xl">
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>{t('loading')}</Text>
        </Group>
      </Container>
    );
  }
  if (report.isError || !data) {
    return (
      <Container component="main" size="xs" py="xl">
        <Paper withBorder shadow="sm" p="xl" radius="lg">
          {isUnavailable(report.error) ? (
            <NotFound />
          ) : (
            <Stack align="center">
              <Text role="alert">{t('errors.generic')}</Text>
              <Button onClick={() => void report.refetch()}>{t('review.back')}</Button>
            </Stack>
          )}
        </Paper>
      </Container>
    );
  }

  const choose = (resultId: string, decision: CustomerDecision | null) =>
    setChoices((current) => {
      const next = new Map(current);
      if (decision) next.set(resultId, decision);
      else next.delete(resultId);
      return next;
    });
  if (thanks) {
    return (
      <Box bg="var(--sb-color-page)" mih="100dvh" pb="xl">
        <AccentBar />
        <Container component="main" size="sm" px="sm" py="md">
          <ThankYou
            report={data}
            signed={thanks.signed}
            signerName={thanks.signerName}
            onBack={() => setThanks(null)}
          />
        </Container>
      </Box>
    );
  }

  // The running total of the bottom bar: the same figure as the report's "Total approved" and the sign sheet.
  const runningTotal = data.estimate
    ? formatMoney(approvedTotalOf(data, choices), data.estimate.currency, data.language)
    : null;

  return (
    <Box bg="var(--sb-color-page)" mih="100dvh" pb={choices.size > 0 ? 128 : 'xl'}>
      <AccentBar className="sb-no-print" />
      <Container component="main" size="sm" px="sm" py="md">
        <ReportDocument
          report={data}
          choices={choices}
          onChoose={data.viewer.canDecide ? choose : undefined}
          onDismiss={data.viewer.via !== 'staff' ? (resultId) => dismiss.mutate(resultId) : undefined}
          dismissing={dismissing}
          top={
            <Stack gap="xs">
              <Group justify="space-between" align="flex-end" className="sb-no-print">
                <LanguageSelector value={data.language} onChange={setLanguage} size="xs" />
                <Group gap="xs">
                  {data.viewer.canShare && (
                    <Button variant="default" onClick={() => setSharing(true)}>
                      {t('share.open')}
                    </Button>
                  )}
                  <Button variant="default" onClick={() => window.print()}>
                    {t('print')}
                  </Button>
                </Group>
              </Group>
              {data.closed && <Alert color="gray">{t('closed')}</Alert>}
            </Stack>
          }
        />
      </Container>
      {choices.size > 0 && (
        <Paper
          className="sb-no-print"
          shadow="md"
          p="sm"
          radius={0}
          pos="fixed"
          bottom={0}
          left={0}
          right={0}
          style={{ zIndex: 10 }}
        >
          <Container size="sm" px={0}>
            {runningTotal && (
              <Text size="sm" ta="center" mb={6} data-testid="running-total">
                {t('review.total', { amount: runningTotal })}
              </Text>
            )}
            <Button fullWidth size="md" onClick={() => setReviewing(true)}>
              {t('review.open', { count: choices.size })}
            </Button>
          </Container>
        </Paper>
      )}
      <ReviewModal
        opened={reviewing}
        report={data}
        choices={choices}
        onClose={() => setReviewing(false)}
        onSigned={(view, signerName) => {
          refresh(view);
          setThanks({ signed: choices, signerName });
          setChoices(new Map());
          setReviewing(false);
        }}
        onRefused={(error) => {
          setReviewing(false);
          setChoices(new Map());
          fail(error);
        }}
        send={(body) =>
          api.call(approveReportRoute, {
            params: { inspectionOrderId },
            query: { t: token, language: data.language },
            body,
            maxRetries: 0,
          })
        }
      />
      <ShareReportModal
        opened={sharing}
        language={data.language}
        vehicle={data.vehicle.description}
        shop={data.shop.name}
        onClose={() => setSharing(false)}
        send={(body) =>
          api.call(shareReportRoute, {
            params: { inspectionOrderId },
            query: { t: token },
            body,
            maxRetries: 0,
          })
        }
        onSent={(to) => alerts.show({ type: 'success', message: t('share.sent', { to }) })}
        onRefused={(error) => alerts.show({ type: 'danger', message: t(reportErrorKey(error)) })}
      />
    </Box>
  );
}

/**
 * While the page is visible, a view every REPORT_HEARTBEAT_MS, so the report stays
 * 'reading' and turns 'read' 5000 ms after the customer leaves. A plain fetch: the heartbeat must
 * not flash the loading bar, and a failed one is simply the next one's job.
 */
function useReadingHeartbeat(inspectionOrderId: string, token: string | undefined, enabled: boolean) {
  const { session } = useServices();
  const beat = useCallback(async () => {
    if (document.visibilityState !== 'visible') return;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token) headers[REPORT_TOKEN_HEADER] = token;
    else {
      const bearer = await session.getToken();
      if (bearer) headers.authorization = `Bearer ${bearer}`;
    }
    await fetch(`/v2/api/report/${encodeURIComponent(inspectionOrderId)}/view`, {
      method: 'POST',
      headers,
      body: '{}',
      keepalive: true,
    }).catch(() => undefined);
  }, [inspectionOrderId, token, session]);
  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => void beat(), REPORT_HEARTBEAT_MS);
    const onVisibility = () => void beat();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [enabled, beat]);
}
