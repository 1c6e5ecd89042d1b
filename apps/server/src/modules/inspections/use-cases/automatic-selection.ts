import {
  AppError,
  businessMatchKey,
  errors,
  type AutomaticInspectionSelection,
  type AutomaticInspectionSelectionRequest,
} from '@servicebay/domain';
import type { InspectionsContext } from './context.js';

/** The store's mappings of business names to inspection types (docs/inspections.md). */
export function automaticSelectionUseCases(ctx: InspectionsContext) {
  const { readRepo } = ctx;
  return {
    async selections(storeId: string, match?: string): Promise<AutomaticInspectionSelection[]> {
      const rows = await readRepo.selections(storeId, match ? businessMatchKey(match) : undefined);
      return rows.map((r) => ({ _id: r.id, match: r.match, inspectionName: r.inspectionName }));
    },

    async saveSelection(
      storeId: string,
      body: AutomaticInspectionSelectionRequest,
    ): Promise<AutomaticInspectionSelection> {
      const type = await readRepo.typeByName(storeId, body.inspectionName);
      if (!type)
        throw errors.invalid(
          `inspectionName: ${body.inspectionName} is not an inspection type of this store`,
        );
      const values = { match: body.match, matchKey: businessMatchKey(body.match), inspectionTypeId: type.id };
      let row;
      if (body._id) {
        if (!(await readRepo.selection(storeId, body._id))) throw errors.notFound();
        const clash = (await readRepo.selections(storeId, values.matchKey)).find((s) => s.id !== body._id);
        if (clash) throw new AppError(409, 'CONFLICT', `match: ${body.match} already has a selection`);
        row = await readRepo.updateSelection(storeId, body._id, values);
      } else {
        row = await readRepo.upsertSelection(storeId, values);
      }
      return { _id: row.id, match: row.match, inspectionName: type.name };
    },
  };
}
