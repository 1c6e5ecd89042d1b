import { useCallback, useEffect, useState } from 'react';
import { Anchor, Button, Code, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { LANGUAGES, VIN_SCAN_POLL, vinScanTopic, ZId, ZVinScanOrigin, type VinScanOrigin } from '@servicebay/domain';
import { AlertBanner } from '@servicebay/ui';
import { fetchScannedVin, pollForScannedVin, useStore } from '@servicebay/web-core';
import { useServices } from '../../context.js';
import { realtimeFor, whenConnected } from './realtime.js';
import { VinScanFrame } from './VinScanFrame.js';

/** How long the page waits for its websocket before giving the VIN to the user to type. */
const CONNECT_TIMEOUT_MS = 10_000;
/** The "sent" message stays this long before the window closes itself (when the browser lets it). */
const CLOSE_AFTER_MS = 2000;

const ZReturnQuery = z.object({ language: z.enum(LANGUAGES), userId: ZId, from: ZVinScanOrigin });

type Phase =
  | { kind: 'polling'; attempt: number }
  | { kind: 'sending'; vin: string }
  | { kind: 'sent'; vin: string }
  | { kind: 'sendFailed'; vin: string }
  | { kind: 'rejected' };

/**
 * /app/as1-ui/vinScan?language=&userId=&from=: where the external scanner sends the user
 * after handing over the VIN. Polls GET /v1/api/vinscanner/scanned/ (every 3 s, up to 5 polls),
 * publishes the VIN on the user's realtime topic for that origin, where the vehicle
 * details or the dashboard pick it up, and closes itself. Five failed polls end in rejection.
 */
export function VinScanReturnPage() {
  const { t } = useTranslation('vinScan');
  const { session, i18n } = useServices();
  const [params] = useSearchParams();
  const state = useStore(session.state);
  const query = ZReturnQuery.safeParse(Object.fromEntries(params));
  const language = query.success ? query.data.language : null;

  useEffect(() => {
    if (language) void i18n.setUserLanguage(language);
  }, [language, i18n]);

  if (!query.success) {
    return (
      <VinScanFrame title={t('return.title')}>
        <AlertBanner alert={{ type: 'danger', message: t('return.badLink') }} />
      </VinScanFrame>
    );
  }
  if (!state) {
    return (
      <VinScanFrame title={t('return.title')}>
        <AlertBanner alert={{ type: 'warning', message: t('return.signIn') }} />
        <Anchor component={Link} to="/login">
          {t('return.signInLink')}
        </Anchor>
      </VinScanFrame>
    );
  }
  if (state.claims.id !== query.data.userId) {
    return (
      <VinScanFrame title={t('return.title')}>
        <AlertBanner alert={{ type: 'danger', message: t('return.wrongUser') }} />
      </VinScanFrame>
    );
  }
  return <ReturnFlow userId={query.data.userId} from={query.data.from} />;
}

function ReturnFlow({ userId, from }: { userId: string; from: VinScanOrigin }) {
  const { t } = useTranslation('vinScan');
  const { api, session } = useServices();
  const [phase, setPhase] = useState<Phase>({ kind: 'polling', attempt: 1 });
  const [round, setRound] = useState(0);
  const again = useCallback(() => setRound((n) => n + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    void (async () => {
      let vin: string;
      try {
        vin = await pollForScannedVin({
          poll: (pollSignal) => fetchScannedVin(api, { userId, from }, pollSignal),
          onAttempt: (attempt) => setPhase({ kind: 'polling', attempt }),
          signal,
        });
      } catch {
        if (!signal.aborted) setPhase({ kind: 'rejected' });
        return;
      }
      setPhase({ kind: 'sending', vin });
      const realtime = realtimeFor(session);
      const sent =
        realtime !== null && (await whenConnected(realtime, CONNECT_TIMEOUT_MS)) && realtime.publish(vinScanTopic(userId, from), { vin });
      if (signal.aborted) return;
      setPhase(sent ? { kind: 'sent', vin } : { kind: 'sendFailed', vin });
      if (sent) setTimeout(() => window.close(), CLOSE_AFTER_MS);
    })();
    return () => controller.abort();
  }, [api, session, userId, from, round]);

  const closeButton = (
    <Button variant="default" onClick={() => window.close()}>
      {t('return.close')}
    </Button>
  );

  return (
    <VinScanFrame title={t('return.title')}>
      <div role="status" aria-live="polite">
        {phase.kind === 'polling' && (
          <Group gap="sm" wrap="nowrap">
            <Loader size="sm" aria-hidden="true" />
            <Stack gap={0}>
              <Text>{t('return.waiting')}</Text>
              <Text size="sm" c="dimmed" data-testid="vin-scan-attempt">
                {t('return.attempt', { attempt: phase.attempt, max: VIN_SCAN_POLL.maxPolls })}
              </Text>
            </Stack>
          </Group>
        )}
        {phase.kind === 'sending' && (
          <Group gap="sm">
            <Loader size="sm" aria-hidden="true" />
            <Text>{t('return.sending')}</Text>
          </Group>
        )}
        {phase.kind === 'sent' && <AlertBanner alert={{ type: 'success', message: t('return.sent', { vin: phase.vin }) }} />}
      </div>
      {phase.kind === 'sendFailed' && (
        <>
          <AlertBanner alert={{ type: 'warning', message: t('return.sendFailed', { vin: phase.vin }) }} />
          <Code fz="lg" ta="center" block>
            {phase.vin}
          </Code>
        </>
      )}
      {phase.kind === 'rejected' && <AlertBanner alert={{ type: 'danger', message: t('return.rejected') }} />}
      {(phase.kind === 'sent' || phase.kind === 'sendFailed' || phase.kind === 'rejected') && (
        <Group justify="flex-end">
          {phase.kind === 'rejected' && <Button onClick={again}>{t('return.tryAgain')}</Button>}
          {closeButton}
        </Group>
      )}
    </VinScanFrame>
  );
}
