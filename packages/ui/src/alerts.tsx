import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Portal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@servicebay/domain';
import { AlertOctagonIcon, AlertTriangleIcon, CheckCircleIcon, InfoIcon } from './icons.js';

/** An alert has a type, a strong message and a message. */
export type AlertType = 'success' | 'info' | 'danger' | 'warning';

export interface AlertMessage {
  type: AlertType;
  /** Shown in bold first; already translated. */
  strongMessage?: string;
  /** Already translated. */
  message: string;
}

interface ShownAlert extends AlertMessage {
  id: number;
}

export interface AlertsApi {
  /** Shows an alert for 6000 ms; returns its id. */
  show(alert: AlertMessage): number;
  dismiss(id: number): void;
  /** Dismisses every alert shown, e.g. an earlier failure once the step succeeded. */
  clear(): void;
}

const AlertsContext = createContext<AlertsApi | null>(null);

const looks: Record<AlertType, { color: string; Icon: typeof InfoIcon; role: 'alert' | 'status' }> = {
  success: { color: 'green', Icon: CheckCircleIcon, role: 'status' },
  info: { color: 'bay', Icon: InfoIcon, role: 'status' },
  // Errors and warnings interrupt a screen reader; the others wait their turn.
  danger: { color: 'red', Icon: AlertOctagonIcon, role: 'alert' },
  warning: { color: 'orange', Icon: AlertTriangleIcon, role: 'alert' },
};

/** One alert banner, without the timer: for pages that show a lasting message inline. */
export function AlertBanner({ alert, onClose }: { alert: AlertMessage; onClose?: () => void }) {
  const { t } = useTranslation('ui');
  const look = looks[alert.type];
  return (
    <Alert
      role={look.role}
      color={look.color}
      variant="light"
      icon={<look.Icon />}
      title={alert.strongMessage}
      withCloseButton={Boolean(onClose)}
      closeButtonLabel={t('alert.close')}
      onClose={onClose}
      data-alert-type={alert.type}
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      {alert.message}
    </Alert>
  );
}

function TimedAlert({ alert, onDismiss }: { alert: ShownAlert; onDismiss: (id: number) => void }) {
  // Paused while pointed at or focused, so a slow reader or a keyboard user can finish it (WCAG 2.2.1).
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => onDismiss(alert.id), LIMITS.alertDisplayMs);
    return () => clearTimeout(timer);
  }, [paused, alert.id, onDismiss]);

  return (
    <div
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      style={{ boxShadow: 'var(--mantine-shadow-md)', borderRadius: 'var(--mantine-radius-md)' }}
    >
      <AlertBanner alert={alert} onClose={() => onDismiss(alert.id)} />
    </div>
  );
}

/** Holds the alerts of the page and draws them at the top, above modals. */
export function AlertProvider({ children }: { children: ReactNode }) {
  const [alerts, setAlerts] = useState<ShownAlert[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setAlerts((shown) => shown.filter((a) => a.id !== id)), []);
  const show = useCallback((alert: AlertMessage) => {
    const id = nextId.current++;
    // The same message twice in a row (a double tap on submit) is shown once, its timer restarted.
    setAlerts((shown) => [
      ...shown.filter((a) => !(a.type === alert.type && a.message === alert.message && a.strongMessage === alert.strongMessage)),
      { ...alert, id },
    ]);
    return id;
  }, []);
  const clear = useCallback(() => setAlerts([]), []);
  const api = useMemo(() => ({ show, dismiss, clear }), [show, dismiss, clear]);

  return (
    <AlertsContext.Provider value={api}>
      {children}
      {alerts.length > 0 && (
        <Portal>
          <Stack
            gap="xs"
            pos="fixed"
            top="var(--mantine-spacing-md)"
            left="50%"
            // In style, not the w prop: Mantine turns the 2 of a w calc() into rem, which voids the
            // width and left the alerts at half the screen on phones.
            style={{ width: 'min(560px, calc(100vw - 2 * var(--mantine-spacing-md)))', transform: 'translateX(-50%)', zIndex: 1000 }}
            data-testid="alerts"
          >
            {alerts.map((alert) => (
              <TimedAlert key={alert.id} alert={alert} onDismiss={dismiss} />
            ))}
          </Stack>
        </Portal>
      )}
    </AlertsContext.Provider>
  );
}

export function useAlerts(): AlertsApi {
  const api = useContext(AlertsContext);
  if (!api) throw new Error('useAlerts needs an <AlertProvider> (UiProvider includes one)');
  return api;
}
