import { LIMITS } from '@servicebay/domain';

/** When this tab was hidden; per tab (sessionStorage), and it survives the browser discarding the tab. */
export const HIDDEN_AT_STORAGE_KEY = 'servicebay.session.hiddenAt';

export interface InactivitySetting {
  unit: 'minutes' | 'hours';
  value: number;
}

/** The store's logoutByInactivity in milliseconds; null when the store has none. */
export function inactivityLimitMs(setting: InactivitySetting | null | undefined): number | null {
  if (!setting || !(setting.value > 0)) return null;
  return setting.value * (setting.unit === 'hours' ? 3_600_000 : 60_000);
}

type VisibilityDocument = Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;

export interface InactivityWatchOptions {
  limitMs: number;
  /** Called once when the time away reaches the limit; the watch stops itself. */
  onTimeout: () => void;
  document?: VisibilityDocument;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  now?: () => number;
  intervalMs?: number;
  scheduler?: {
    setInterval: (callback: () => void, ms: number) => unknown;
    clearInterval: (handle: unknown) => void;
  };
}

function sessionStore(): InactivityWatchOptions['storage'] {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * Inactivity: checked every 60 s; when the page lost visibility and the time away
 * reaches the store's limit, log out. It is also checked the moment the page is shown again,
 * since timers of a hidden tab are throttled or frozen and the next screen should not be the
 * previous user's.
 */
export function watchInactivity(options: InactivityWatchOptions): () => void {
  const doc = options.document ?? (globalThis.document as VisibilityDocument);
  const storage = options.storage === undefined ? sessionStore() : options.storage;
  const now = options.now ?? Date.now;
  const scheduler = options.scheduler ?? {
    setInterval: (callback: () => void, ms: number) => globalThis.setInterval(callback, ms),
    clearInterval: (handle: unknown) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
  };

  const readStored = (): number | null => {
    try {
      const value = Number(storage?.getItem(HIDDEN_AT_STORAGE_KEY));
      return Number.isFinite(value) && value > 0 ? value : null;
    } catch {
      return null;
    }
  };
  const remember = (value: number | null) => {
    try {
      if (value === null) storage?.removeItem(HIDDEN_AT_STORAGE_KEY);
      else storage?.setItem(HIDDEN_AT_STORAGE_KEY, String(value));
    } catch {
      // Without storage the watch still works for as long as the page lives.
    }
  };

  let hiddenAt = readStored();
  let stopped = false;

  const stop = () => {
    if (stopped) return;
    stopped = true;
    scheduler.clearInterval(timer);
    doc.removeEventListener('visibilitychange', onVisibility);
  };
  const check = () => {
    if (stopped || hiddenAt === null || now() - hiddenAt < options.limitMs) return false;
    stop();
    remember(null);
    options.onTimeout();
    return true;
  };
  const onVisibility = () => {
    if (doc.visibilityState === 'hidden') {
      hiddenAt ??= now();
      remember(hiddenAt);
    } else if (!check()) {
      hiddenAt = null;
      remember(null);
    }
  };

  const timer = scheduler.setInterval(check, options.intervalMs ?? LIMITS.inactivityCheckMs);
  doc.addEventListener('visibilitychange', onVisibility);
  // Started visible: the time away, if any, ended now (a discarded tab was reloaded).
  onVisibility();
  return stop;
}
