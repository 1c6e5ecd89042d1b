import type { Config } from '../config.js';
import type { FileStore } from './files.js';
import { createLocalFileStore } from './local.files.js';
import { createUrlSigner } from './url-signer.js';

export type { FileStore, StoredFile, PutOptions, ByteRange, FileRef, FileLinker } from './files.js';
export { fileLinker } from './files.js';

/** Where signed file URLs point; the route serving them checks the signature with verifySignedUrl. */
export const FILES_URL_PREFIX = '/v2/files';

/** The local directory (FILES_DIR); an S3-compatible store will be chosen here when configured. */
export function createFileStore(config: Pick<Config, 'filesDir' | 'jwtSecret'>): FileStore {
  return createLocalFileStore({
    root: config.filesDir,
    signer: createUrlSigner(config.jwtSecret),
    urlPrefix: FILES_URL_PREFIX,
  });
}
