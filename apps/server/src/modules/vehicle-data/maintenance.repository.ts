import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { maintenanceIntervals } from './vehicle-data.schema.js';

export type MaintenanceRow = typeof maintenanceIntervals.$inferSelect;

export function createMaintenanceRepository(db: Db) {
  return {
    /** The schedule rows for a powertrain, shortest interval first. */
    async schedule(powertrain: 'combustion' | 'electric'): Promise<MaintenanceRow[]> {
      return db
        .select()
        .from(maintenanceIntervals)
        .where(inArray(maintenanceIntervals.powertrain, ['all', powertrain]))
        .orderBy(asc(maintenanceIntervals.miles), asc(maintenanceIntervals.operation), asc(maintenanceIntervals.item));
    },
  };
}
export type MaintenanceRepository = ReturnType<typeof createMaintenanceRepository>;
