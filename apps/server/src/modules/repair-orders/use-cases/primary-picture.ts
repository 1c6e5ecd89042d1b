import type { FastifyRequest } from 'fastify';
import { AppError, PRIMARY_PICTURE_VIDEO_MESSAGE } from '@servicebay/domain';
import { receiveImageUpload } from '../../../platform/files/uploads.js';
import type { Actor, OrderContext } from './context.js';

export function primaryPictureUseCases(ctx: OrderContext) {
  const { deps } = ctx;
  return {
    /**
     * The primary picture (a multipart upload): the upload is stored first (refused uploads store
     * nothing), then the order points at it in a transaction with its event; on a refusal the
     * new file is deleted, on success the one it replaced.
     */
    async setPrimaryPicture(storeId: string, id: string, actor: Actor, request: FastifyRequest) {
      const files = deps.files;
      if (!files) throw new AppError(501, 'NOT_IMPLEMENTED_YET', 'No file store');
      const { file, fields } = await receiveImageUpload(request, files, { maxBytes: deps.maxImageBytes, videoRefusal: PRIMARY_PICTURE_VIDEO_MESSAGE });
      let replaced: string | null = null;
      try {
        const order = await ctx.act(storeId, id, actor, async (row) => {
          replaced = row.primaryPictureKey;
          return { primaryPictureKey: file.key, primaryPictureName: file.name, primaryPictureSource: fields.source?.slice(0, 100) || null };
        });
        if (replaced && replaced !== file.key) await files.delete(replaced).catch(() => false);
        return order;
      } catch (error) {
        await files.delete(file.key).catch(() => false);
        throw error;
      }
    },
  };
}
