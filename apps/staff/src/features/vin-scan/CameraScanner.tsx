import { useEffect, useRef, useState } from 'react';
import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { decodeBarcodeImage } from './barcode.js';

/** Frames are decoded at most this often, and at most this wide: enough for a VIN label. */
const FRAME_EVERY_MS = 200;
const MAX_FRAME_WIDTH = 960;

type CameraState =
  | { kind: 'starting' }
  | { kind: 'scanning'; notVin: string | null }
  | { kind: 'failed'; reason: 'noCamera' | 'denied' | 'failed' | 'insecure' };

function failureOf(error: unknown): 'noCamera' | 'denied' | 'failed' {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') return 'noCamera';
  return 'failed';
}

/**
 * The device camera, read for a VIN barcode (Code 39, Data Matrix, QR...) until a plausible VIN
 * is found; then `onVin` is called once and the camera is released. The camera stops when the
 * component unmounts. Decoding runs in the page, offline (see barcode.ts).
 */
export function CameraScanner({ onVin }: { onVin: (vin: string) => void }) {
  const { t } = useTranslation('vinScan');
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>({ kind: 'starting' });
  const latest = useRef(onVin);
  useEffect(() => {
    latest.current = onVin;
  });

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });
    const release = () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
      stream = null;
    };

    const scan = () => {
      if (stopped) return;
      const element = video.current;
      if (element && context && element.videoWidth > 0 && element.readyState >= 2) {
        const ratio = Math.min(1, MAX_FRAME_WIDTH / element.videoWidth);
        canvas.width = Math.round(element.videoWidth * ratio);
        canvas.height = Math.round(element.videoHeight * ratio);
        context.drawImage(element, 0, 0, canvas.width, canvas.height);
        const frame = context.getImageData(0, 0, canvas.width, canvas.height);
        const reading = decodeBarcodeImage(frame.data, frame.width, frame.height);
        if (reading?.vin) {
          release();
          latest.current(reading.vin);
          return;
        }
        if (reading) setState({ kind: 'scanning', notVin: reading.text });
      }
      timer = setTimeout(scan, FRAME_EVERY_MS);
    };

    if (!navigator.mediaDevices?.getUserMedia) {
      // Browsers offer the camera only to secure pages (https, or this computer).
      setState({ kind: 'failed', reason: window.isSecureContext ? 'noCamera' : 'insecure' });
      return release;
    }
    navigator.mediaDevices
      .getUserMedia({ audio: false, video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } } })
      .then(async (media) => {
        if (stopped) return media.getTracks().forEach((track) => track.stop());
        stream = media;
        const element = video.current;
        if (!element) return;
        element.srcObject = media;
        await element.play().catch(() => undefined);
        setState({ kind: 'scanning', notVin: null });
        scan();
      })
      .catch((error: unknown) => {
        if (!stopped) setState({ kind: 'failed', reason: failureOf(error) });
      });
    return release;
  }, []);

  return (
    <Stack gap="sm">
      <Text>{t('camera.help')}</Text>
      <video
        ref={video}
        aria-label={t('camera.video')}
        muted
        playsInline
        style={{ width: '100%', maxHeight: '60dvh', background: '#000', borderRadius: 8, display: state.kind === 'failed' ? 'none' : 'block' }}
      />
      <div role="status" aria-live="polite">
        {state.kind === 'starting' && (
          <Group gap="xs">
            <Loader size="sm" aria-hidden="true" />
            <Text>{t('camera.starting')}</Text>
          </Group>
        )}
        {state.kind === 'scanning' && <Text>{state.notVin ? t('camera.notVin', { text: state.notVin }) : t('camera.scanning')}</Text>}
      </div>
      {state.kind === 'failed' && (
        <Alert color="red" role="alert">
          {t(`camera.${state.reason}`)}
        </Alert>
      )}
    </Stack>
  );
}
