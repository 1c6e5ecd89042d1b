import { LANGUAGE_ERROR, errors, isLanguage, languageFileRoute } from '@servicebay/domain';
import { catalogs } from '@servicebay/locales';
import { implement } from '../../platform/http/registrar.js';

const FILE = /^([a-z]{2})\.i18n\.json$/;

/** The language of `en.i18n.json`; anything else is refused with the spec's message. */
export function languageOfFile(file: string) {
  const language = FILE.exec(file)?.[1];
  if (!isLanguage(language)) throw errors.invalid(LANGUAGE_ERROR);
  return language;
}

export function i18nRoutes() {
  return [
    implement(languageFileRoute, ({ params, reply }) => {
      const language = languageOfFile(params.languageFile);
      // Texts change only with a deploy; a short cache spares a request per page load without
      // keeping old texts around for long after one.
      reply.header('cache-control', 'public, max-age=300');
      return catalogs[language];
    }),
  ];
}
