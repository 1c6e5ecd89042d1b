import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isPlausibleVin } from '@servicebay/domain';
import { AlertBanner, useUnusableCharacters } from '@servicebay/ui';
import { isApiError } from '@servicebay/web-core';
import { useServices } from '../../context.js';
import { CameraScanModal, preloadCameraScanner } from './CameraScanModal.js';
import { readLocalScannerLinks } from './local-scanner.js';
import { VinScanFrame } from './VinScanFrame.js';
import { sendScannedVin } from './vin-scan-api.js';

type Problem = 'invalidVin' | 'expired' | 'failed';

/**
 * /app/vin-scanner: ServiceBay's own VIN scanner, opened by the scan session when no external
 * scanner is configured (VIN_SCANNER_URL). It plays the external scanner's part exactly: the VIN,
 * typed or read by the camera (then checked by the person), is POSTed to the session's callback URL, then the window goes to
 * the return URL. It needs no sign-in: the callback's token is the credential.
 */
export function LocalScannerPage() {
  const { t } = useTranslation('vinScan');
  const { api, i18n } = useServices();
  const [params] = useSearchParams();
  const links = useMemo(() => readLocalScannerLinks(params, window.location.origin), [params]);
  const [vin, setVin] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [sending, setSending] = useState(false);
  const [camera, setCamera] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // Characters no VIN holds are named as they are typed, with a button that removes them.
  const unusable = useUnusableCharacters('vin', vin, (cleaned) => {
    setVin(cleaned);
    setProblem(null);
  });

  useEffect(() => {
    if (links) void i18n.setUserLanguage(links.language);
  }, [links, i18n]);
  useEffect(preloadCameraScanner, []);

  if (!links) {
    return (
      <VinScanFrame title={t('scanner.title')}>
        <AlertBanner alert={{ type: 'danger', message: t('scanner.badLink') }} />
      </VinScanFrame>
    );
  }

  const send = async (value: string) => {
    const entry = value.trim().toUpperCase();
    setVin(entry);
    if (!isPlausibleVin(entry)) return setProblem('invalidVin');
    setProblem(null);
    setSending(true);
    try {
      await sendScannedVin(api, links.callbackPath, entry);
      window.location.assign(links.returnPath);
    } catch (error) {
      setSending(false);
      if (isApiError(error) && error.code === 'CANNOT_SCAN_INVALID_VIN') setProblem('invalidVin');
      else if (isApiError(error) && error.status === 404) setProblem('expired');
      else setProblem('failed');
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Not sent while the prompt names characters to remove: the cursor goes back to the field.
    if (unusable.characters.length) return input.current?.focus();
    void send(vin);
  };

  return (
    <VinScanFrame title={t('scanner.title')}>
      <Text>{t('scanner.subtitle')}</Text>
      {problem === 'expired' && <AlertBanner alert={{ type: 'danger', message: t('scanner.expired') }} />}
      {problem === 'failed' && <AlertBanner alert={{ type: 'danger', message: t('scanner.failed') }} />}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('scanner.vinLabel')}
            description={t('scanner.vinHelp')}
            value={vin}
            ref={input}
            onChange={(event) => setVin(event.currentTarget.value.toUpperCase())}
            error={unusable.error ?? (problem === 'invalidVin' ? t('scanner.invalidVin') : undefined)}
            errorProps={unusable.errorProps}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            size="md"
            ff="monospace"
            data-autofocus
            required
            disabled={problem === 'expired'}
          />
          <Group justify="space-between">
            <Button variant="default" onClick={() => setCamera(true)} disabled={sending || problem === 'expired'}>
              {t('button.camera')}
            </Button>
            <Button type="submit" loading={sending} disabled={problem === 'expired'}>
              {t('scanner.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      {/* A camera read fills the field; the person checks it against the label and sends it. */}
      <CameraScanModal
        opened={camera}
        onClose={() => setCamera(false)}
        onVin={(scanned) => {
          setVin(scanned);
          setProblem(null);
        }}
      />
    </VinScanFrame>
  );
}
