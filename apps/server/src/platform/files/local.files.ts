import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertFileKey,
  cleanFileName,
  FILE_KEY,
  fileTooLarge,
  parseContentType,
  type FileStore,
  type StoredFile,
} from './files.js';
import type { UrlSigner } from './url-signer.js';

export interface LocalFileStoreOptions {
  /** The directory holding the files (FILES_DIR). */
  root: string;
  signer: UrlSigner;
  /** Path the server will serve signed file URLs under. */
  urlPrefix: string;
}

class TooLarge extends Error {}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/**
 * Files on local disk, two files per key: the bytes, and a JSON sidecar with the type and name.
 * The sidecar is written last and removed first, so a file is visible only once it is whole.
 */
export function createLocalFileStore(options: LocalFileStoreOptions): FileStore {
  const root = path.resolve(options.root);

  // The key is checked by pattern first; the prefix check is a second wall should that ever loosen.
  function locate(key: string) {
    assertFileKey(key);
    const dir = path.join(root, key.slice(0, 2));
    const data = path.join(dir, key);
    if (!data.startsWith(root + path.sep)) throw new Error('file path escaped the store');
    return { dir, data, meta: `${data}.json` };
  }

  async function readMeta(metaPath: string): Promise<StoredFile | null> {
    try {
      return JSON.parse(await readFile(metaPath, 'utf8')) as StoredFile;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    kind: 'local',

    async put(stream: Readable, { contentType, name, maxBytes }) {
      const meta = { contentType: parseContentType(contentType), name: cleanFileName(name) };
      const key = randomUUID();
      const where = locate(key);
      await mkdir(where.dir, { recursive: true });
      const partial = path.join(where.dir, `.${key}.${randomBytes(4).toString('hex')}.part`);

      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          if (maxBytes !== undefined && size > maxBytes) done(new TooLarge());
          else done(null, chunk);
        },
      });
      // The partial file is opened before the first byte is read: a stream that breaks off at once
      // must not leave its file to be created after the clean-up below has run.
      const handle = await open(partial, 'wx');
      try {
        await pipeline(stream, counter, handle.createWriteStream());
        await rename(partial, where.data);
      } catch (error) {
        await handle.close().catch(() => undefined);
        await rm(partial, { force: true });
        if (error instanceof TooLarge) throw fileTooLarge(maxBytes!);
        throw error;
      }
      const stored: StoredFile = { key, ...meta, size, createdAt: new Date().toISOString() };
      await writeFile(where.meta, JSON.stringify(stored), { flag: 'wx' });
      return stored;
    },

    async head(key) {
      return readMeta(locate(key).meta);
    },

    async get(key, range) {
      const where = locate(key);
      const meta = await readMeta(where.meta);
      if (!meta) return null;
      // Opening before answering turns a file deleted in between into null, not a broken stream.
      let handle;
      try {
        handle = await open(where.data, 'r');
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      const stream = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
      return { ...meta, stream };
    },

    async delete(key) {
      const where = locate(key);
      try {
        await rm(where.meta);
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
      await rm(where.data, { force: true });
      return true;
    },

    signedUrlNow(key, opts = {}) {
      assertFileKey(key);
      const { expires, signature } = options.signer.sign(key, opts.ttlSeconds);
      return `${options.urlPrefix}/${key}?expires=${expires}&signature=${signature}`;
    },

    async signedUrl(key, opts = {}) {
      return this.signedUrlNow(key, opts);
    },

    verifySignedUrl(key, expires, signature) {
      return FILE_KEY.test(key) && options.signer.verify(key, expires, signature);
    },
  };
}
