import { useSyncExternalStore } from 'react';
import type { ReadableStore } from './load-state.js';

/**
 * Binds a store (request progress, realtime state, a load) to a component:
 * `const progress = useStore(api.progress)`.
 */
export function useStore<T>(store: ReadableStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
