import { useEffect, useRef } from 'react';

/**
 * "Go to this item" from anywhere on the order page (the refused finish's list, the progress
 * bar's) to the inspection section that shows the item: the section opens its group, scrolls the
 * item into view and focuses it. A request for an order whose inspection is not on screen does
 * nothing.
 */
const listeners = new Map<string, Set<(itemKey: string) => void>>();

export function requestItemJump(orderId: string, itemKey: string): void {
  for (const listener of listeners.get(orderId) ?? []) listener(itemKey);
}

/** Receives the order's jump requests while mounted. */
export function useItemJump(orderId: string, onJump: (itemKey: string) => void): void {
  const latest = useRef(onJump);
  latest.current = onJump;
  useEffect(() => {
    const listener = (itemKey: string) => latest.current(itemKey);
    const set = listeners.get(orderId) ?? new Set();
    set.add(listener);
    listeners.set(orderId, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) listeners.delete(orderId);
    };
  }, [orderId]);
}

/**
 * Scrolls an item's row into view and focuses what needs doing there: its measurement field when
 * the measurement is missing, else its first result button. Tried over a few frames, since the
 * row appears only once its group has opened.
 */
export function focusItem(itemKey: string, preferMeasurement: boolean, attempts = 20): void {
  const row = document.querySelector<HTMLElement>(`[data-item-key="${CSS.escape(itemKey)}"]`);
  if (!row) {
    if (attempts > 0) requestAnimationFrame(() => focusItem(itemKey, preferMeasurement, attempts - 1));
    return;
  }
  const target =
    (preferMeasurement ? row.querySelector<HTMLElement>('input[inputmode="decimal"]:not(:disabled)') : null) ??
    row.querySelector<HTMLElement>('button:not(:disabled)') ??
    row;
  row.scrollIntoView({ block: 'center', behavior: 'auto' });
  target.focus({ preventScroll: true });
  // A dialog closed by the jump gives focus back to what opened it a moment later: take it back.
  setTimeout(() => {
    if (!row.contains(document.activeElement)) target.focus({ preventScroll: true });
  }, FOCUS_HOLD_MS);
}

const FOCUS_HOLD_MS = 400;
