import { errors, type InspectionType, type InspectionTypeField } from '@servicebay/domain';
import { defaultType, settingsOf, typeOfOrder, type InspectionsContext } from './context.js';

/** The inspection types a store may use, one of them, and an order's. */
export function inspectionTypesUseCases(ctx: InspectionsContext) {
  const { deps, readRepo, presentType } = ctx;
  return {
    async types(
      storeId: string,
      state: 'active' | 'archived' | 'all',
      fields?: readonly InspectionTypeField[],
    ) {
      const [rows, def] = await Promise.all([
        readRepo.types(storeId, state),
        defaultType(readRepo, storeId, await settingsOf(readRepo, storeId)),
      ]);
      const defaultId = def?.id ?? null;
      const presented = rows
        .map((r) => presentType(r, defaultId))
        .sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
      if (!fields) return presented;
      return presented.map(
        (t) => Object.fromEntries(fields.map((f) => [f, t[f]])) as Partial<InspectionType>,
      );
    },

    async type(storeId: string, id: string) {
      const row = await readRepo.type(storeId, id);
      if (!row) throw errors.notFound();
      const def = await defaultType(readRepo, storeId, await settingsOf(readRepo, storeId));
      return presentType(row, def?.id ?? null);
    },

    async typeOfOrder(storeId: string, orderId: string) {
      const order = await deps.orders.get(storeId, orderId);
      const { row } = await typeOfOrder(readRepo, storeId, order);
      const def = await defaultType(readRepo, storeId, await settingsOf(readRepo, storeId));
      return presentType(row, def?.id ?? null);
    },

    /** Registrar resolver. */
    typeOwner: (id: string) => readRepo.typeOwner(id),
  };
}
