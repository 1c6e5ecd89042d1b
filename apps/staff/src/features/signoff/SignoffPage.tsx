import { useState } from 'react';
import { Button, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import {
  canBeFinishedRoute,
  finishInspectionOrderRoute,
  getInspectionOrderRoute,
  isLanguage,
  STAFF_PATHS,
} from '@servicebay/domain';
import { ApiError } from '@servicebay/web-core';
import { AlertBanner, useAlerts } from '@servicebay/ui';
import { useServices } from '../../context.js';
import { PageHeader } from '../../pages/PageHeader.js';
import { routerPath } from '../../paths.js';
import { OrderNumber } from '../dashboard/OrderCard.js';
import { customerLines, yearMakeModel } from '../dashboard/format.js';
import { SignaturePad } from './SignaturePad.js';

/**
 * .../inspectionOrder/{id}/signoff?lang=&workerId= (spec §2, §4 "Finishing"): the customer signs
 * on the tablet, then the order is finished (`POST .../finish`). The page speaks the customer's
 * language (`lang`, en or fr; else the user's). The order contract has no place for the signature
 * yet, so it is confirmed on screen and not kept (docs/dashboard.md). `workerId` names the worker
 * who handed the tablet over; the finish is recorded for the signed-in user.
 */
export function SignoffPage() {
  const { i18n } = useTranslation();
  const [params] = useSearchParams();
  const lang = params.get('lang');
  const t = i18n.getFixedT(isLanguage(lang) ? lang : i18n.language, 'dashboard');
  const { api } = useServices();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { storeId = '', inspectionOrderId = '' } = useParams();
  const [signed, setSigned] = useState(false);
  const [typedName, setTypedName] = useState('');
  const [clearKey, setClearKey] = useState(0);
  const [refusal, setRefusal] = useState<string | null>(null);
  const orderParams = { storeId, inspectionOrderId };

  const order = useQuery({
    queryKey: ['inspectionOrders', storeId, 'order', inspectionOrderId],
    queryFn: ({ signal }) => api.call(getInspectionOrderRoute, { params: orderParams, signal }),
  });

  const finish = useMutation({
    mutationFn: async () => {
      const check = await api.call(canBeFinishedRoute, { params: orderParams });
      if (check.cannotBeFinishedReason)
        throw new ApiError(409, 'ORDER_CANNOT_BE_FINISHED', check.cannotBeFinishedReason);
      return api.call(finishInspectionOrderRoute, { params: orderParams });
    },
    onSuccess: (finished) => {
      queryClient.setQueryData(['inspectionOrders', storeId, 'order', inspectionOrderId], finished);
      alerts.show({ type: 'success', message: t('signoff.finished') });
      // Spec §2: after finishing, the dashboard (the work order page, for clock-in stores, is not built yet).
      void navigate(routerPath(STAFF_PATHS.dashboard)!);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'ORDER_CANNOT_BE_FINISHED')
        setRefusal(t('signoff.refused', { reason: error.message }));
      else alerts.show({ type: 'danger', message: t('signoff.failed') });
    },
  });

  const ready = signed || typedName.trim().length > 1;
  const submit = () => {
    setRefusal(null);
    if (!ready) {
      setRefusal(t('signoff.empty'));
      return;
    }
    finish.mutate();
  };

  return (
    <Stack gap="lg" data-page="signoff" lang={isLanguage(lang) ? lang : undefined}>
      <PageHeader title={t('signoff.title')} purpose={t('signoff.purpose')} />
      {order.isPending ? (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text>{t('orderPage.loading')}</Text>
        </Group>
      ) : order.isError ? (
        <AlertBanner alert={{ type: 'warning', message: t('orderPage.notFound') }} />
      ) : (
        <Paper withBorder radius="lg" p="md" maw={720}>
          <Stack gap="md">
            <div>
              <Text fw={700} size="lg">
                <OrderNumber orderNumber={order.data.orderNumber} style="long" />
              </Text>
              <Text>
                {[
                  customerLines(order.data).name,
                  customerLines(order.data).business,
                  yearMakeModel(order.data),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </div>
            <Text fw={600}>{t('signoff.instructions')}</Text>
            <Text size="sm" c="dimmed" id="signoff-hint">
              {t('signoff.padHint')}
            </Text>
            <SignaturePad
              label={t('signoff.pad')}
              describedBy="signoff-hint"
              onChange={setSigned}
              clearKey={clearKey}
            />
            <TextInput
              label={t('signoff.typedName')}
              value={typedName}
              onChange={(event) => setTypedName(event.currentTarget.value)}
              autoComplete="off"
            />
            <Text size="sm" c="dimmed">
              {t('signoff.notStored')}
            </Text>
            {refusal && <AlertBanner alert={{ type: 'danger', message: refusal }} />}
            <Group>
              <Button variant="default" onClick={() => setClearKey((k) => k + 1)}>
                {t('signoff.clear')}
              </Button>
              <Button onClick={submit} loading={finish.isPending} disabled={order.data.closed}>
                {t('signoff.finish')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
