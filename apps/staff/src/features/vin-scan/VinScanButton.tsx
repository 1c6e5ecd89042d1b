import { useState } from 'react';
import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isLanguage, type VinScanOrigin } from '@servicebay/domain';
import { useAlerts } from '@servicebay/ui';
import { useStore } from '@servicebay/web-core';
import { useServices } from '../../context.js';
import { CameraScanModal, preloadCameraScanner } from './CameraScanModal.js';
import { useVinScanned } from './useVinScanned.js';
import { createVinScanSession } from './vin-scan-api.js';

export interface VinScanButtonProps {
  /** Where the scan starts: the vehicle details form or the dashboard search. */
  from: VinScanOrigin;
  /** Called with each VIN scanned, by the camera or by the external scanner (upper-cased, 17 characters). */
  onVin: (vin: string) => void;
  disabled?: boolean;
  /** Button label; "Scan VIN" by default. */
  label?: string;
  size?: 'xs' | 'sm' | 'md' | 'lg';
}

/**
 * "Scan VIN": a menu with "Scan with camera" (the device camera, in a dialog) and "External
 * scanner" (the configured scanner, or ServiceBay's own, in a new window; the VIN comes back over
 * the realtime topic of `from`, which this button listens to while mounted). Either way `onVin`
 * gets the VIN. See docs/vin-scanner.md.
 */
export function VinScanButton({ from, onVin, disabled, label, size = 'sm' }: VinScanButtonProps) {
  const { t, i18n } = useTranslation('vinScan');
  const { api, session } = useServices();
  const alerts = useAlerts();
  const userId = useStore(session.state)?.claims.id ?? null;
  const [camera, setCamera] = useState(false);
  const [launching, setLaunching] = useState(false);
  useVinScanned(from, onVin);

  const launchExternal = async () => {
    if (!userId) return;
    // Opened now, inside the click, or pop-up blockers refuse it; pointed at the scanner below.
    const scanner = window.open('', '_blank');
    if (!scanner) {
      alerts.show({ type: 'warning', message: t('button.popupBlocked') });
      return;
    }
    // The scanner may be another company's page: it gets no handle on this window.
    scanner.opener = null;
    setLaunching(true);
    try {
      const language = isLanguage(i18n.language) ? i18n.language : 'en';
      const launch = await createVinScanSession(api, { userId, from, language });
      scanner.location.href = new URL(launch.scannerUrl, window.location.href).toString();
      alerts.show({ type: 'info', message: t('button.opened') });
    } catch {
      scanner.close();
      alerts.show({ type: 'danger', message: t('button.launchFailed') });
    } finally {
      setLaunching(false);
    }
  };

  return (
    <>
      {/* No focus placeholder: a focusable element that is not an item breaks the menu role (axe aria-required-children). */}
      {/* The camera scanner's code (zxing) is fetched when the scan menu opens, not with the page. */}
      <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false} onOpen={preloadCameraScanner}>
        <Menu.Target>
          <Button variant="light" size={size} disabled={disabled || !userId} loading={launching}>
            {label ?? t('button.scan')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => setCamera(true)}>{t('button.camera')}</Menu.Item>
          <Menu.Item onClick={() => void launchExternal()}>{t('button.external')}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <CameraScanModal opened={camera} onClose={() => setCamera(false)} onVin={onVin} />
    </>
  );
}
