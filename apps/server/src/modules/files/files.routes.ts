import { errors, getFileRoute } from '@servicebay/domain';
import { implement } from '../../platform/http/registrar.js';
import type { FileStore } from '../../platform/files/index.js';
import { parseRange } from '../../platform/files/range.js';

/** `inline; filename="..."` with an ASCII fallback and the exact name in RFC 8187 form. */
export function contentDisposition(name: string): string {
  // cleanFileName already removed control characters and quotes; keep the fallback plain ASCII.
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `inline; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * GET /v2/files/:key: the file behind a signed URL. The signature and expiry are checked first
 * (403, the same for a key that is not one), then the file is streamed from the store, never
 * read whole. A single Range is honored so videos seek.
 */
export function fileRoutes(files: FileStore) {
  return [
    implement(getFileRoute, async ({ params, query, request, reply }) => {
      const { key } = params;
      const { expires, signature } = query;
      if (!expires || !signature || !files.verifySignedUrl(key, expires, signature)) {
        throw errors.forbidden('The link is invalid or has expired');
      }
      const meta = await files.head(key);
      if (!meta) throw errors.notFound('No such file');

      // The URL stops working at `expires`; a cached copy must not outlive it.
      const remaining = Math.max(0, Number(expires) - Math.floor(Date.now() / 1000));
      const etag = `"${key}"`;
      reply
        .header('Cache-Control', `private, max-age=${remaining}`)
        .header('ETag', etag)
        .header('Accept-Ranges', 'bytes')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', contentDisposition(meta.name))
        // Opened on its own, a file is a document: it may show itself and nothing else.
        .header('Content-Security-Policy', "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox")
        .header('Cross-Origin-Resource-Policy', 'same-origin');

      // A file under a key never changes: the key is new for every upload.
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();

      const wanted = parseRange(request.headers.range, meta.size);
      if (wanted.kind === 'unsatisfiable') {
        return reply
          .code(416)
          .header('Content-Range', `bytes */${meta.size}`)
          .type('application/json')
          .send({ status: 416, code: 'INVALID_ARGUMENTS', message: 'Range not satisfiable' });
      }
      const range = wanted.kind === 'partial' ? wanted.range : undefined;
      const file = await files.get(key, range);
      if (!file) throw errors.notFound('No such file');
      reply.type(meta.contentType);
      if (range) {
        reply
          .code(206)
          .header('Content-Range', `bytes ${range.start}-${range.end}/${meta.size}`)
          .header('Content-Length', range.end - range.start + 1);
      } else {
        reply.code(200).header('Content-Length', meta.size);
      }
      return reply.send(file.stream);
    }),
  ];
}
