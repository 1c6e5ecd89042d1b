import { z } from 'zod';
import { access } from '../http/access.js';
import { defineRoute } from '../http/route.js';

/** Where signed file URLs point (the server's FileStore.signedUrl makes them). */
export const FILES_PATH_PREFIX = '/v2/files';

export const getFileRoute = defineRoute({
  id: 'files.get',
  method: 'GET',
  path: `${FILES_PATH_PREFIX}/:key`,
  summary:
    'A stored file by a signed URL from an API answer: 403 when the signature is wrong or expired, 404 when the file is gone. Honors Range (206, 416) for video seeking. The answer is the file itself.',
  tag: 'files',
  access: access.public('authorized by the signed URL: its HMAC signature and expiry are checked before any read'),
  // Any key shape reaches the handler, so a malformed key answers 403 like a bad signature.
  params: z.strictObject({ key: z.string().max(100) }),
  query: z.object({
    expires: z.string().max(20).optional(),
    signature: z.string().max(100).optional(),
  }),
  produces: 'application/octet-stream',
});

export const fileRoutes = [getFileRoute] as const;
