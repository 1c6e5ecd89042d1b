import { useEffect, useState } from 'react';
import { ThemeIcon, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@servicebay/domain';
import { WifiOffIcon } from './icons.js';
import { Tooltip } from './Tooltip.js';

const isOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false);

/**
 * True once the browser has been offline for `delayMs` without a break (5 s by default), false as
 * soon as it is back online. A blip while a tablet walks between bays should not flash a warning.
 */
export function useOfflineFor(delayMs: number = LIMITS.offlineIconDelayMs): boolean {
  const [offlineLong, setOfflineLong] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const goneOffline = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setOfflineLong(true), delayMs);
    };
    const backOnline = () => {
      clearTimeout(timer);
      setOfflineLong(false);
    };
    if (!isOnline()) goneOffline();
    window.addEventListener('offline', goneOffline);
    window.addEventListener('online', backOnline);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('offline', goneOffline);
      window.removeEventListener('online', backOnline);
    };
  }, [delayMs]);
  return offlineLong;
}

/** The offline icon, with its explanation in a tooltip and for screen readers. */
export function OfflineIcon({ delayMs }: { delayMs?: number }) {
  const { t } = useTranslation('ui');
  const offline = useOfflineFor(delayMs);
  return (
    // The live region stays in the page so the change is announced when the icon appears.
    <span role="status">
      {offline && (
        <Tooltip label={t('offline.hint')}>
          <ThemeIcon
            color="orange"
            variant="light"
            radius="xl"
            size="lg"
            tabIndex={0}
            aria-label={t('offline.label')}
            data-testid="offline-icon"
          >
            <WifiOffIcon size={18} />
            <VisuallyHidden>{t('offline.label')}</VisuallyHidden>
          </ThemeIcon>
        </Tooltip>
      )}
    </span>
  );
}
