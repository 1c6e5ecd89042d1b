import { errors } from '@servicebay/domain';
import { createInspectionsRepository } from '../inspections.repository.js';
import { lockedResult, mediaKeys, type Actor, type InspectionsContext } from './context.js';

/** A picture or a video of a result deleted by name; its files go once the row is gone. */
export function deleteMediaUseCases(ctx: InspectionsContext) {
  const { deps, presentOne, deleteFiles } = ctx;

  async function deleteMedia(
    storeId: string,
    orderId: string,
    id: string,
    kind: 'picture' | 'video',
    name: string,
    actor: Actor,
  ) {
    const { answer, keys } = await deps.orders.inspectionWork(storeId, orderId, actor, async (tx) => {
      const repo = createInspectionsRepository(tx);
      await lockedResult(repo, storeId, orderId, id);
      const media = await repo.mediaByName(id, kind, name);
      if (!media)
        throw errors.notFound(
          `${kind === 'picture' ? 'pictureName' : 'videoName'}: the result has no ${kind} ${name}`,
        );
      await repo.deleteMedia(media.id);
      return {
        answer: await presentOne(repo, await repo.updateResult(storeId, id, { confirmed: false })),
        keys: mediaKeys(media),
      };
    });
    await deleteFiles(keys);
    return answer;
  }

  return {
    deleteMedia,
    async deletePicture(storeId: string, orderId: string, id: string, name: string, actor: Actor) {
      return deleteMedia(storeId, orderId, id, 'picture', name, actor);
    },
    async deleteVideo(storeId: string, orderId: string, id: string, name: string, actor: Actor) {
      return deleteMedia(storeId, orderId, id, 'video', name, actor);
    },
  };
}
