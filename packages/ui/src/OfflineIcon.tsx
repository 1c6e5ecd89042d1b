import { lazy, Suspense, useEffect, useState, type ReactElement } from 'react';
import { ThemeIcon, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@servicebay/domain';
import { WifiOffIcon } from './icons.js';

/**
 * The tooltip's code (Mantine's Tooltip and floating-ui) is loaded once the page is idle, not before
 * the first paint: the icon shows only offline, so every page would otherwise download it for
 * nothing. If it could not be loaded (the network went before), the icon shows without its
 * tooltip; its label is still read by screen readers.
 */
const loadTooltip = () =>
  import('./Tooltip.js').then(
    (m) => ({ default: m.Tooltip }),
    () => ({ default: ({ children }: { label: string; children: ReactElement }) => children }),
  );
const LazyTooltip = lazy(loadTooltip);
const IDLE_PRELOAD_MS = 3000;

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
  useEffect(() => {
    const timer = setTimeout(() => void loadTooltip(), IDLE_PRELOAD_MS);
    return () => clearTimeout(timer);
  }, []);
  const icon = (
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
  );
  return (
    // The live region stays in the page so the change is announced when the icon appears.
    <span role="status">
      {offline && (
        <Suspense fallback={icon}>
          <LazyTooltip label={t('offline.hint')}>{icon}</LazyTooltip>
        </Suspense>
      )}
    </span>
  );
}
