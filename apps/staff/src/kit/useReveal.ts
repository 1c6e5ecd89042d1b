import { useEffect, useRef } from 'react';

/**
 * Brings a part of the page that just opened into view and puts the cursor in its first field
 * that takes typing, so the next step never waits below the fold. Runs each time `open` turns
 * true (not on every render while it stays open).
 */
export function useReveal<T extends HTMLElement>(open: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!open || !element) return;
    element.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    const field = element.querySelector<HTMLElement>(
      'input:not([type=hidden]):not([readonly]):not([disabled]), textarea',
    );
    field?.focus({ preventScroll: true });
  }, [open]);
  return ref;
}
