import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { LANGUAGE_ERROR, errors, isLanguage, languageFileRoute, type Language } from '@servicebay/domain';
import { catalogs } from '@servicebay/locales';
import { implement } from '../../platform/http/registrar.js';

const FILE = /^([a-z]{2})\.i18n\.json$/;

/** The language of `en.i18n.json`; anything else is refused with the spec's message. */
export function languageOfFile(file: string) {
  const language = FILE.exec(file)?.[1];
  if (!isLanguage(language)) throw errors.invalid(LANGUAGE_ERROR);
  return language;
}

export type CatalogEncoding = 'br' | 'gzip' | 'identity';

/** The compression to send for an Accept-Encoding header: Brotli, else gzip, else none (q=0 refuses one). */
export function catalogEncoding(acceptEncoding: string | undefined): CatalogEncoding {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...options] = part.trim().toLowerCase().split(';');
    const q = options.map((o) => /^\s*q=([0-9.]+)\s*$/.exec(o)?.[1]).find((v) => v !== undefined);
    if (name && (q === undefined || Number(q) > 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/**
 * Each catalog as JSON and compressed, made once per language: about 73 KB of JSON for English is
 * some 15 KB in Brotli, which a phone on a slow network downloads while the page starts.
 */
const files = new Map<Language, Record<CatalogEncoding, Buffer>>();
function catalogFile(language: Language): Record<CatalogEncoding, Buffer> {
  let file = files.get(language);
  if (!file) {
    const json = Buffer.from(JSON.stringify(catalogs[language]));
    file = {
      identity: json,
      br: brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(json, { level: 9 }),
    };
    files.set(language, file);
  }
  return file;
}

export function i18nRoutes() {
  return [
    implement(languageFileRoute, ({ params, request, reply }) => {
      const language = languageOfFile(params.languageFile);
      // Texts change only with a deploy; a short cache spares a request per page load without
      // keeping old texts around for long after one.
      reply.header('cache-control', 'public, max-age=300');
      reply.header('vary', 'accept-encoding');
      const encoding = catalogEncoding(request.headers['accept-encoding']);
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      // The catalogs are the project's own files, checked by their tests: sent as they are.
      return reply.type('application/json; charset=utf-8').send(catalogFile(language)[encoding]);
    }),
  ];
}
