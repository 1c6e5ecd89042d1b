import { lazy, Suspense } from 'react';
import { Button, Group, Loader, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The camera scanner and its barcode decoder (zxing, a few hundred kB) are a chunk of their own,
 * fetched when it is about to be used (a scan menu opened, the scanner's own page: preloadCameraScanner)
 * or when the dialog opens, never with a page; once fetched it stays usable offline.
 */
const loadCameraScanner = () => import('./CameraScanner.js');
const CameraScanner = lazy(async () => ({ default: (await loadCameraScanner()).CameraScanner }));

export function preloadCameraScanner(): void {
  void loadCameraScanner().catch(() => undefined);
}

/** The camera scanner in a dialog; closing it releases the camera. */
export function CameraScanModal({ opened, onClose, onVin }: { opened: boolean; onClose: () => void; onVin: (vin: string) => void }) {
  const { t } = useTranslation(['vinScan', 'ui']);
  return (
    <Modal opened={opened} onClose={onClose} title={t('vinScan:camera.title')} size="lg" closeButtonProps={{ 'aria-label': t('ui:dialog.close') }}>
      {opened && (
        <Stack gap="md">
          <Suspense fallback={<Loader size="sm" aria-label={t('vinScan:camera.starting')} />}>
            <CameraScanner
              onVin={(vin) => {
                onClose();
                onVin(vin);
              }}
            />
          </Suspense>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('vinScan:camera.cancel')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
