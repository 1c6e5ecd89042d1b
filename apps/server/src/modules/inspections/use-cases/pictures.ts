import type { FastifyRequest } from 'fastify';
import { AppError, errors } from '@servicebay/domain';
import { createInspectionsRepository } from '../inspections.repository.js';
import { lockedResult, mediaName, pictureFields, type Actor, type InspectionsContext } from './context.js';

/** A result's pictures: added, or replaced by the image editor's save (deleting: delete-media.ts). */
export function picturesUseCases(ctx: InspectionsContext) {
  const { deps, readRepo, presentOne, deleteFiles, receivePicture } = ctx;
  return {
    async addPicture(storeId: string, orderId: string, id: string, request: FastifyRequest, actor: Actor) {
      // The result must exist before a byte is stored; the name must be new (409 otherwise).
      if (!(await readRepo.result(storeId, orderId, id))) throw errors.notFound();
      let name = '';
      const upload = await receivePicture(request, async (fields, filename) => {
        name = mediaName(fields, filename);
        if (await readRepo.mediaByName(id, 'picture', name))
          throw new AppError(409, 'CONFLICT', `name: the result already has a picture ${name}`);
        pictureFields(fields);
      });
      const stored = [upload.file, ...Object.values(upload.variants)];
      try {
        return await deps.orders.inspectionWork(storeId, orderId, actor, async (tx) => {
          const repo = createInspectionsRepository(tx);
          await lockedResult(repo, storeId, orderId, id);
          const inserted = await repo.insertMedia({
            storeId,
            resultId: id,
            kind: 'picture',
            name,
            fileKey: upload.file.key,
            originalKey: upload.variants.original?.key ?? null,
            galleryKey: upload.variants.gallery?.key ?? null,
            phoneKey: upload.variants.phone?.key ?? null,
            thumbKey: upload.variants.thumb?.key ?? null,
            contentType: upload.file.contentType,
            size: upload.file.size,
            ...pictureFields(upload.fields),
          });
          if (!inserted)
            throw new AppError(409, 'CONFLICT', `name: the result already has a picture ${name}`);
          return presentOne(repo, await repo.updateResult(storeId, id, { confirmed: false }));
        });
      } catch (error) {
        await deleteFiles(stored.map((f) => f.key));
        throw error;
      }
    },

    /** The image editor's save: the named picture shows the new file; its original stays. */
    async replacePicture(
      storeId: string,
      orderId: string,
      id: string,
      request: FastifyRequest,
      actor: Actor,
    ) {
      if (!(await readRepo.result(storeId, orderId, id))) throw errors.notFound();
      let name = '';
      const upload = await receivePicture(request, async (fields, filename) => {
        name = mediaName(fields, filename);
        if (!(await readRepo.mediaByName(id, 'picture', name)))
          throw errors.notFound(`name: the result has no picture ${name}`);
        pictureFields(fields);
      });
      const stored = [upload.file, ...Object.values(upload.variants)];
      try {
        const { answer, replaced } = await deps.orders.inspectionWork(storeId, orderId, actor, async (tx) => {
          const repo = createInspectionsRepository(tx);
          await lockedResult(repo, storeId, orderId, id);
          const current = await repo.mediaByName(id, 'picture', name);
          if (!current) throw errors.notFound(`name: the result has no picture ${name}`);
          const given = pictureFields(upload.fields);
          await repo.updateMedia(current.id, {
            fileKey: upload.file.key,
            // The first upload stays the original; the new upload's full-size copy is not needed.
            originalKey: current.originalKey ?? current.fileKey,
            galleryKey: upload.variants.gallery?.key ?? null,
            phoneKey: upload.variants.phone?.key ?? null,
            thumbKey: upload.variants.thumb?.key ?? null,
            contentType: upload.file.contentType,
            size: upload.file.size,
            workerName: given.workerName ?? current.workerName,
            workerTitle: given.workerTitle ?? current.workerTitle,
            dateTime: given.dateTime ?? current.dateTime,
            gpsLat: given.gpsLat ?? current.gpsLat,
            gpsLong: given.gpsLong ?? current.gpsLong,
          });
          const answer = await presentOne(repo, await repo.updateResult(storeId, id, { confirmed: false }));
          const replaced = [
            current.originalKey ? current.fileKey : null,
            current.galleryKey,
            current.phoneKey,
            current.thumbKey,
            upload.variants.original?.key ?? null,
          ];
          return { answer, replaced };
        });
        await deleteFiles(replaced);
        return answer;
      } catch (error) {
        await deleteFiles(stored.map((f) => f.key));
        throw error;
      }
    },
  };
}
