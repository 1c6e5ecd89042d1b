import type { FastifyRequest } from 'fastify';
import { errors } from '@servicebay/domain';
import type { FileStore } from '../../platform/files/index.js';
import { receiveImageUpload } from '../../platform/files/uploads.js';
import type { CustomerRow, VehicleRow } from './customers.repository.js';
import type { PictureRef, PicturesRepository } from './customers.pictures.repository.js';

/**
 * Vehicle pictures (picture or profile picture) and fleet logos (customer fleetPicture).
 * Both are image uploads processed by receiveImageUpload; the row then points at the new file and
 * the picture it replaced is deleted once that is committed. Nothing is left behind on failure:
 * a refused upload stores nothing, and a picture whose row vanished meanwhile is deleted again.
 * The portal's profile picture upload will reuse setVehiclePicture.
 */
export function createPicturesService(repo: PicturesRepository, files: FileStore, options: { maxImageBytes: number }) {
  async function receive(request: FastifyRequest): Promise<PictureRef> {
    const { file } = await receiveImageUpload(request, files, { maxBytes: options.maxImageBytes });
    return { key: file.key, name: file.name };
  }

  /** Points the row at the new picture, then deletes the old one; undoes the upload on failure. */
  async function swap<T>(
    picture: PictureRef,
    set: () => Promise<{ row: T; replaced: string | null } | null>,
  ): Promise<T> {
    let result;
    try {
      result = await set();
    } catch (error) {
      await files.delete(picture.key).catch(() => undefined);
      throw error;
    }
    if (!result) {
      await files.delete(picture.key).catch(() => undefined);
      throw errors.notFound();
    }
    // The old picture is no longer referenced; a failure to delete it leaves an orphan, not an error.
    if (result.replaced && result.replaced !== picture.key) await files.delete(result.replaced).catch(() => false);
    return result.row;
  }

  return {
    async setVehiclePicture(storeId: string, vehicleId: string, request: FastifyRequest): Promise<VehicleRow> {
      const picture = await receive(request);
      return swap(picture, () => repo.setVehiclePicture(storeId, vehicleId, picture));
    },
    /** The registrar already checked the customer belongs to the caller (staff of its store or its portal user). */
    async setFleetPicture(customerId: string, request: FastifyRequest): Promise<CustomerRow> {
      const picture = await receive(request);
      return swap(picture, () => repo.setFleetPicture(customerId, picture));
    },
  };
}
export type PicturesService = ReturnType<typeof createPicturesService>;
