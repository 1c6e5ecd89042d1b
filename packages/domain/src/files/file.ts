import { z } from 'zod';

/**
 * A stored file as an API answer carries it: a short-lived signed URL (GET /v2/files/{key}?expires=
 * &signature=, no token needed, so it works in img and video tags) and the name it was uploaded
 * with. Never the bytes: lists stay small and pictures load in parallel.
 */
export const ZFileLink = z.object({
  url: z.string(),
  name: z.string(),
});
export type FileLink = z.infer<typeof ZFileLink>;

/** Pictures are png, jpg or jpeg; what a picker offers (the server checks the bytes). */
export const IMAGE_UPLOAD_ACCEPT = ['image/png', 'image/jpeg'] as const;
export const IMAGE_UPLOAD_EXTENSIONS = ['.png', '.jpg', '.jpeg'] as const;
/** Default cap of a picture upload before processing (the server's MAX_IMAGE_UPLOAD_BYTES). */
export const MAX_IMAGE_UPLOAD_BYTES = 20 * 1024 * 1024;
