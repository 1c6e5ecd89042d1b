import { useRef, useState } from 'react';
import { Button, Checkbox, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { DEFAULT_LANGUAGE, isLanguage, type RepairOrder } from '@servicebay/domain';
import { AlertBanner } from '@servicebay/ui';
import { useServices } from '../../context.js';
import { PageHeader } from '../../kit/PageHeader.js';
import { ShellPageLoading } from '../../kit/PageLoading.js';
import { useLanguageTexts } from '../../catalogs.js';
import { useSignedIn } from '../../session/signed-in.js';
import { orderQuery } from '../repair-orders/repair-order-api.js';
import { useFinishOrder } from '../repair-orders/useFinishOrder.js';
import { OrderNumber } from '../dashboard/OrderCard.js';
import { customerLines, yearMakeModel } from '../dashboard/format.js';
import { SignaturePad, type SignaturePadHandle } from './SignaturePad.js';
import { signOffRepairOrder } from './signoff-api.js';

/**
 * .../inspectionOrder/{id}/signoff?lang=&workerId=: the customer signs
 * on the tablet, then the order is finished through the order page's finish flow
 * (useFinishOrder, with sign-off done), whose last step uploads the signature and the signer's
 * name (`POST .../signoff`): they are kept with the order. The page speaks the customer's language
 * (`lang`, en or fr; else the user's). `workerId` names the worker who handed the tablet over.
 */
export function SignoffPage() {
  const { i18n } = useTranslation();
  const [params] = useSearchParams();
  const lang = params.get('lang');
  // The customer's language may not be the user's: its texts are fetched before the page is drawn.
  const textsReady = useLanguageTexts(isLanguage(lang) ? lang : isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE, 'dashboard');
  return textsReady ? <SignoffForm /> : <ShellPageLoading />;
}

function SignoffForm() {
  const { i18n } = useTranslation();
  const [params] = useSearchParams();
  const lang = params.get('lang');
  const t = i18n.getFixedT(isLanguage(lang) ? lang : i18n.language, 'dashboard');
  const { api, session } = useServices();
  const { user, store } = useSignedIn();
  const pad = useRef<SignaturePadHandle>(null);
  const workerId = params.get('workerId');
  const { storeId = '', inspectionOrderId = '' } = useParams();
  const [signed, setSigned] = useState(false);
  const [typedName, setTypedName] = useState<string | null>(null);
  const [clearKey, setClearKey] = useState(0);
  const [useTypedName, setUseTypedName] = useState(false);
  const [emptyRefusal, setEmptyRefusal] = useState<string | null>(null);
  const order = useQuery(orderQuery(api, storeId, inspectionOrderId));

  const { finish, refusal: finishRefusal } = useFinishOrder({
    order: order.data,
    store,
    onSignOffPage: true,
    userId: user._id,
    submit: async (o: RepairOrder) =>
      signOffRepairOrder(
        { storeId: o.storeId, inspectionOrderId: o._id },
        await pad.current!.toBlob(signerName, useTypedName && !signed),
        {
          signerName: signerName.trim(),
          language: isLanguage(lang) ? lang : i18n.language,
          ...(workerId ? { workerId } : {}),
        },
        { getToken: session.getToken },
      ),
  });
  // The customer signs, so their name is offered; the person signing may correct it.
  const customerName = order.data ? customerLines(order.data).name || customerLines(order.data).business : '';
  const signerName = typedName ?? customerName;

  const refusal = emptyRefusal ?? (finishRefusal ? t('signoff.refused', { reason: finishRefusal }) : null);
  const named = signerName.trim().length > 0;
  const ready = named && (signed || useTypedName);
  const submit = () => {
    setEmptyRefusal(null);
    if (!ready) {
      setEmptyRefusal(named ? t('signoff.empty') : t('signoff.nameMissing'));
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
              ref={pad}
              label={t('signoff.pad')}
              describedBy="signoff-hint"
              onChange={setSigned}
              clearKey={clearKey}
            />
            <TextInput
              label={t('signoff.typedName')}
              value={signerName}
              required
              onChange={(event) => setTypedName(event.currentTarget.value)}
              autoComplete="off"
            />
            <Checkbox
              label={t('signoff.useTypedName')}
              checked={useTypedName}
              onChange={(event) => setUseTypedName(event.currentTarget.checked)}
            />
            <Text size="sm" c="dimmed">
              {t('signoff.stored')}
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
