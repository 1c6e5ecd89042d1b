import { devOutboxMessageRoute, devOutboxRoute, errors } from '@servicebay/domain';
import { implement } from '../../platform/http/registrar.js';
import type { DevOutboxService } from './dev-outbox.service.js';

/**
 * The development outbox, read by root on the staff app's outbox page. buildApp mounts these only
 * when DEV_TOOLS is on (never with NODE_ENV=production); the route table lets only root in.
 */
export function devOutboxRoutes(outbox: DevOutboxService) {
  return [
    implement(devOutboxRoute, async ({ query, reply }) => {
      reply.header('cache-control', 'no-store');
      return outbox.list(query);
    }),

    implement(devOutboxMessageRoute, async ({ params, reply }) => {
      const message = await outbox.message(params.messageId);
      if (!message) throw errors.notFound('No such message in the outbox');
      reply.header('cache-control', 'no-store');
      return message;
    }),
  ];
}
