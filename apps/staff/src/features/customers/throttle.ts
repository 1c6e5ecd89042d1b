import { useEffect, useRef, useState } from 'react';

/**
 * The value, passed on at most once per `ms` (the search throttles at 1500 ms): the first change
 * goes at once, later ones wait for the window to end and the last of them wins.
 */
export function useThrottledValue<T>(value: T, ms: number): T {
  const [throttled, setThrottled] = useState(value);
  const lastSent = useRef(0);

  useEffect(() => {
    const wait = lastSent.current + ms - Date.now();
    if (wait <= 0) {
      lastSent.current = Date.now();
      setThrottled(value);
      return;
    }
    const timer = setTimeout(() => {
      lastSent.current = Date.now();
      setThrottled(value);
    }, wait);
    return () => clearTimeout(timer);
  }, [value, ms]);

  return throttled;
}
