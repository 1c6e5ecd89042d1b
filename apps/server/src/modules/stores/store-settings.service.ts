import { applySettingsChange, readStoreSettings, type Store, type ZStoreSettingsChange } from '@servicebay/domain';
import type { z } from 'zod';
import { hashPassword } from '../../platform/auth/passwords.js';
import type { StoreRow } from '../identity/index.js';
import type { StoreRepository } from './store.repository.js';
import { presentStore } from './store.presenter.js';

/**
 * Store settings (docs/administration.md): the change is merged over the stored settings and the
 * result validated with ZStoreSettings before one write. Nothing caches settings on the server
 * (the store-ownership cache holds only the store's account and partner, which do not change
 * here), so the next request of anyone in the store reads the new values.
 */
export function createStoreSettingsService(repo: StoreRepository) {
  return {
    async update(store: StoreRow, change: z.output<typeof ZStoreSettingsChange>): Promise<Store> {
      const { settings, details, openTime, adminPIN } = applySettingsChange(readStoreSettings(store.settings), change);
      const updated = await repo.updateSettings(store.id, {
        settings,
        ...details,
        ...(openTime !== undefined && { openTime }),
        ...(adminPIN !== undefined && { adminPinHash: adminPIN === null ? null : await hashPassword(adminPIN) }),
      });
      return presentStore(updated ?? store);
    },
  };
}
export type StoreSettingsService = ReturnType<typeof createStoreSettingsService>;
