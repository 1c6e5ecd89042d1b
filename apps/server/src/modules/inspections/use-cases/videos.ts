import type { FastifyRequest } from 'fastify';
import { AppError, errors } from '@servicebay/domain';
import { receiveMediaUpload } from '../../../platform/files/uploads.js';
import { createInspectionsRepository } from '../inspections.repository.js';
import {
  lockedResult,
  mediaName,
  optionalDate,
  optionalNumber,
  optionalText,
  type Actor,
  type InspectionsContext,
} from './context.js';

/** A result's videos (deleting: delete-media.ts). */
export function videosUseCases(ctx: InspectionsContext) {
  const { deps, readRepo, presentOne, deleteFiles } = ctx;
  return {
    /**
     * A video: streamed into storage (never whole in memory), 413 past 52428800 bytes.
     * A name the result already has is ignored: `duplicate` true, nothing stored.
     */
    async addVideo(storeId: string, orderId: string, id: string, request: FastifyRequest, actor: Actor) {
      if (!(await readRepo.result(storeId, orderId, id))) throw errors.notFound();
      let name = '';
      const duplicate = new AppError(409, 'CONFLICT', 'duplicate');
      try {
        const upload = await receiveMediaUpload(request, deps.files, {
          accept: ['video'],
          checkFields: async (fields, filename) => {
            name = mediaName(fields, filename);
            optionalDate(fields, 'lastModified');
            optionalNumber(fields, 'duration', 0, 24 * 3600);
            if (await readRepo.mediaByName(id, 'video', name)) throw duplicate;
          },
        });
        try {
          const result = await deps.orders.inspectionWork(storeId, orderId, actor, async (tx) => {
            const repo = createInspectionsRepository(tx);
            await lockedResult(repo, storeId, orderId, id);
            const inserted = await repo.insertMedia({
              storeId,
              resultId: id,
              kind: 'video',
              name,
              fileKey: upload.file.key,
              contentType: upload.file.contentType,
              size: upload.file.size,
              lastModified: optionalDate(upload.fields, 'lastModified'),
              duration: optionalNumber(upload.fields, 'duration', 0, 24 * 3600),
              workerName: optionalText(upload.fields, 'workerName'),
              workerTitle: optionalText(upload.fields, 'workerTitle'),
            });
            if (!inserted) throw duplicate;
            return presentOne(repo, await repo.updateResult(storeId, id, { confirmed: false }));
          });
          return { result, duplicate: false };
        } catch (error) {
          await deleteFiles([upload.file.key]);
          throw error;
        }
      } catch (error) {
        if (error !== duplicate) throw error;
        return { result: await ctx.resultOf(storeId, orderId, id), duplicate: true };
      }
    },
  };
}
