import { devOutboxMessageHtmlRoute, devOutboxPageRoute, devOutboxRoute, errors } from '@servicebay/domain';
import type { FastifyRequest } from 'fastify';
import { implement } from '../../platform/http/registrar.js';
import { createSentMessagesRepository } from '../../platform/messages/sent-messages.repository.js';
import type { Platform } from '../../platform/platform.js';
import { EMAIL_HTML_CSP, OUTBOX_PAGE_CSP, renderOutboxPage } from './dev-outbox.page.js';
import { createDevOutboxService } from './dev-outbox.service.js';

/**
 * With DEV_TOOLS off the outbox answers exactly as a route that does not exist would, so a
 * production server does not even reveal that it has one.
 */
function requireDevTools(platform: Platform, request: FastifyRequest) {
  if (!platform.config.devTools) {
    throw errors.notFound(`No route for ${request.method} ${request.url.split('?')[0]}`);
  }
}

export function devOutboxRoutes(platform: Platform) {
  const outbox = createDevOutboxService(createSentMessagesRepository(platform.database.db));
  return [
    implement(devOutboxRoute, async ({ query, request, reply }) => {
      requireDevTools(platform, request);
      reply.header('cache-control', 'no-store');
      return outbox.list(query);
    }),

    implement(devOutboxPageRoute, async ({ query, request, reply }) => {
      requireDevTools(platform, request);
      const { lang, ...list } = query;
      const html = renderOutboxPage(await outbox.list(list), { ...list, lang });
      return reply
        .header('content-security-policy', OUTBOX_PAGE_CSP)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(html);
    }),

    implement(devOutboxMessageHtmlRoute, async ({ params, request, reply }) => {
      requireDevTools(platform, request);
      const html = await outbox.htmlOf(params.messageId);
      if (html === null) throw errors.notFound();
      return reply
        .header('content-security-policy', EMAIL_HTML_CSP)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(html);
    }),
  ];
}
