import { z } from 'zod';
import { access } from '../http/access.js';
import { defineRoute } from '../http/route.js';

/** One language's catalog: namespaces of (possibly nested) texts. */
export const ZLanguageFile = z.record(z.string(), z.record(z.string(), z.unknown()));

export const languageFileRoute = defineRoute({
  id: 'i18n.languageFile',
  method: 'GET',
  path: '/i18n/:languageFile',
  summary: 'The text catalog of one language, as `en.i18n.json` or `fr.i18n.json`.',
  tag: 'i18n',
  access: access.public('the login page needs its texts before sign-in'),
  // The language is checked by the handler so the answer carries 'languageId must be en or fr'.
  params: z.object({ languageFile: z.string().max(64) }),
  response: ZLanguageFile,
});

export const i18nRoutes = [languageFileRoute] as const;
