import type { FastifyRequest } from 'fastify';
import { AppError, errors, isLanguage, ZId } from '@servicebay/domain';
import { receiveImageUpload } from '../../../platform/files/uploads.js';
import type { Actor, OrderContext } from './context.js';

/** A signature is a small drawing: 1 MB is far more than a 1200 px PNG of strokes needs. */
const SIGNATURE_MAX_BYTES = 1024 * 1024;

export function signOffUseCases(ctx: OrderContext) {
  const { deps } = ctx;
  return {
    /**
     * Sign-off, the customer's or technician's signature as the order is finished: the signature
     * is stored first (a refused upload stores nothing), then, in one transaction, the finish
     * checks, the finish and a signedOff entry that keeps who signed and the file. A refusal
     * deletes the new file.
     */
    async signOff(storeId: string, id: string, actor: Actor, request: FastifyRequest) {
      const files = deps.files;
      if (!files) throw new AppError(501, 'NOT_IMPLEMENTED_YET', 'No file store');
      const { file, fields } = await receiveImageUpload(request, files, {
        maxBytes: SIGNATURE_MAX_BYTES,
        maxDimension: 1200,
      });
      try {
        const signerName = (fields.signerName ?? '').trim();
        if (!signerName || signerName.length > 200)
          throw errors.invalid('signerName is mandatory (at most 200 characters)');
        const language = fields.language ?? 'en';
        if (!isLanguage(language)) throw errors.invalid('languageId must be en or fr');
        const workerId = fields.workerId?.trim() || null;
        if (workerId && !ZId.safeParse(workerId).success) throw errors.invalid('workerId must be an id');
        return await ctx.act(storeId, id, actor, async (row, { tx, repo, at }) => {
          const finished = await ctx.finishChange(repo, tx, row, actor, at);
          const signOff = {
            signerName,
            language,
            workerId,
            signatureKey: file.key,
            signatureName: file.name,
          };
          return {
            ...finished,
            activities: [
              ...(finished.activities ?? []),
              { type: 'signedOff', date: at.toISOString(), userId: actor.id, signOff },
            ],
          };
        });
      } catch (error) {
        await files.delete(file.key).catch(() => false);
        throw error;
      }
    },
  };
}
