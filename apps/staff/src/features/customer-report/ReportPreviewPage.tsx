import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { ApiError } from '@servicebay/web-core';
import { AlertBanner, ReportDocument } from '@servicebay/ui';
import { DEFAULT_LANGUAGE, isLanguage } from '@servicebay/domain';
import { useLanguageTexts } from '../../catalogs.js';
import { useServices } from '../../context.js';
import { reportPreviewQuery } from './customer-report-api.js';

/**
 * .../inspectionOrder/{id}/preview (docs/reports.md):
 * exactly what the customer sees at /report/{id}, drawn by the same component, read-only. The
 * server knows a staff caller and neither marks the report as being read nor takes decisions.
 * `?lang=en|fr` shows it in that language; else in the language the report was sent in.
 */
export function ReportPreviewPage() {
  const { t } = useTranslation(['customerReport', 'dashboard']);
  const { api } = useServices();
  const { inspectionOrderId = '' } = useParams();
  const [params] = useSearchParams();
  const lang = params.get('lang');
  const report = useQuery(reportPreviewQuery(api, inspectionOrderId, lang));
  useDocumentTitle(`${t('customerReport:preview.title')} · ${report.data?.shop.name ?? ''}`);
  // The report's language may not be the user's: its texts are fetched before it is drawn.
  const reportLanguage = report.data && isLanguage(report.data.language) ? report.data.language : DEFAULT_LANGUAGE;
  const textsReady = useLanguageTexts(reportLanguage, 'customerReport');

  if (report.isPending || !textsReady) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text>{t('customerReport:loading')}</Text>
      </Group>
    );
  }
  if (report.isError) {
    const missing = report.error instanceof ApiError && [400, 404].includes(report.error.status);
    return (
      <AlertBanner
        alert={{
          type: 'warning',
          message: missing ? t('dashboard:orderPage.notFound') : t('dashboard:error'),
        }}
      />
    );
  }
  return (
    <Stack maw={640} mx="auto" w="100%" data-page="reportPreview">
      <ReportDocument
        report={report.data}
        top={
          <Alert color="blue" variant="light" className="sb-no-print" data-testid="preview-banner">
            {t('customerReport:preview.banner')}
          </Alert>
        }
      />
    </Stack>
  );
}
