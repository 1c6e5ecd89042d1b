import { errors, type Partner } from '@servicebay/domain';
import type { Principal } from '../../platform/auth/principal.js';
import type { AdminRepository, Paging, Scope } from './admin.repository.js';

/** Root sees every partner's network; partner users only their own. */
export function scopeOf(caller: Principal): Scope {
  return caller.type === 'root' ? 'everything' : { partnerId: caller.partnerId };
}

function pageInfo(paging: Paging, total: number) {
  return { size: paging.size, totalElements: total, totalPages: Math.ceil(total / paging.size), number: paging.page };
}

/** The admin page's lists and the partner read (docs/administration.md). */
export function createAdminService(repo: AdminRepository) {
  const presentPartner = (p: { id: string; name: string; accountCount: number; storeCount: number }): Partner => ({
    _id: p.id,
    name: p.name,
    accountCount: p.accountCount,
    storeCount: p.storeCount,
  });
  return {
    async partner(partnerId: string): Promise<Partner> {
      const partner = await repo.partnerById(partnerId);
      if (!partner) throw errors.notFound();
      return presentPartner(partner);
    },
    async partners(caller: Principal, paging: Paging) {
      const { items, total } = await repo.partners(scopeOf(caller), paging);
      return { _embedded: { partner: items.map(presentPartner) }, page: pageInfo(paging, total) };
    },
    async accounts(caller: Principal, paging: Paging & { partnerId?: string }) {
      const { items, total } = await repo.accounts(scopeOf(caller), paging);
      return {
        _embedded: { account: items.map(({ id, ...a }) => ({ _id: id, ...a })) },
        page: pageInfo(paging, total),
      };
    },
    async stores(caller: Principal, paging: Paging & { partnerId?: string; accountId?: string }) {
      const { items, total } = await repo.stores(scopeOf(caller), paging);
      return {
        _embedded: { store: items.map(({ id, ...s }) => ({ _id: id, ...s })) },
        page: pageInfo(paging, total),
      };
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
