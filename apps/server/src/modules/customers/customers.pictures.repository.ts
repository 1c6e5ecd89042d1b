import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { customers, vehicles } from './customers.schema.js';
import type { CustomerRow, VehicleRow } from './customers.repository.js';

/** A picture as a row keeps it: the FileStore key and the uploaded name. */
export interface PictureRef {
  key: string;
  name: string;
}

/**
 * Points a vehicle or customer at a new stored picture and answers the row with the key it held
 * before (to delete once committed). The old key is read under a row lock in the same
 * transaction, so two uploads racing each delete the picture they replaced, never the kept one.
 * null when the row is not in the store.
 */
export function createPicturesRepository(db: Db) {
  return {
    async setVehiclePicture(storeId: string, vehicleId: string, picture: PictureRef) {
      return db.transaction(async (tx) => {
        const where = and(eq(vehicles.id, vehicleId), eq(vehicles.storeId, storeId));
        const [before] = await tx.select({ key: vehicles.pictureKey }).from(vehicles).where(where).for('update');
        if (!before) return null;
        const [row] = await tx
          .update(vehicles)
          .set({ pictureKey: picture.key, pictureName: picture.name })
          .where(where)
          .returning();
        return { row: row as VehicleRow, replaced: before.key };
      });
    },

    async setFleetPicture(customerId: string, picture: PictureRef) {
      return db.transaction(async (tx) => {
        const where = eq(customers.id, customerId);
        const [before] = await tx.select({ key: customers.fleetPictureKey }).from(customers).where(where).for('update');
        if (!before) return null;
        const [row] = await tx
          .update(customers)
          .set({ fleetPictureKey: picture.key, fleetPictureName: picture.name })
          .where(where)
          .returning();
        return { row: row as CustomerRow, replaced: before.key };
      });
    },
  };
}

export type PicturesRepository = ReturnType<typeof createPicturesRepository>;
