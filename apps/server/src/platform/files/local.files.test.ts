import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '@servicebay/domain';
import { createFileStore, fileLinker, FILES_URL_PREFIX } from './index.js';
import { createUrlSigner, MAX_URL_TTL_SECONDS } from './url-signer.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'servicebay-files-'));
const secret = new TextEncoder().encode('test-secret-of-at-least-32-characters!!');
const files = createFileStore({ filesDir: root, jwtSecret: secret });
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A stream of `chunks` random chunks, made one at a time, with the SHA-256 of all of them. */
function randomStream(chunks: number, chunkSize = 64 * 1024) {
  const hash = createHash('sha256');
  let left = chunks;
  const stream = new Readable({
    read() {
      if (left-- === 0) return this.push(null);
      const chunk = randomBytes(chunkSize);
      hash.update(chunk);
      this.push(chunk);
    },
  });
  return { stream, digest: () => hash.digest('hex') };
}

async function sha256Of(stream: Readable) {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const refused = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).toResponse();
};

describe('local file store', () => {
  it('puts a stream, gets the same bytes back, and deletes it', async () => {
    const source = randomStream(80); // 5 MiB, produced chunk by chunk
    const stored = await files.put(source.stream, { contentType: 'video/mp4', name: 'walkaround.mp4' });
    expect(stored).toMatchObject({ contentType: 'video/mp4', name: 'walkaround.mp4', size: 80 * 64 * 1024 });
    expect(stored.key).toMatch(/^[0-9a-f-]{36}$/);

    const file = await files.get(stored.key);
    expect(file).toMatchObject({ key: stored.key, contentType: 'video/mp4', size: stored.size });
    expect(await sha256Of(file!.stream)).toBe(source.digest());

    expect(await files.delete(stored.key)).toBe(true);
    expect(await files.get(stored.key)).toBeNull();
    expect(await files.delete(stored.key)).toBe(false);
  });

  it('reads a byte range', async () => {
    const stored = await files.put(Readable.from([Buffer.from('0123456789')]), {
      contentType: 'text/plain',
      name: 'n.txt',
    });
    const part = await files.get(stored.key, { start: 2, end: 5 });
    expect(Buffer.concat(await part!.stream.toArray()).toString()).toBe('2345');
  });

  it('keeps only the last segment of the name, and never uses it as a path', async () => {
    const stored = await files.put(Readable.from([Buffer.from('x')]), {
      contentType: 'image/jpeg',
      name: '../../etc/passwd\u0000.jpg',
    });
    expect(stored.name).toBe('passwd.jpg');
    expect(
      readdirSync(root, { recursive: true })
        .map(String)
        .some((f) => f.includes('passwd')),
    ).toBe(false);
  });

  it('refuses keys that are not its own, before touching the disk', async () => {
    writeFileSync(path.join(root, 'secret.txt'), 'do not serve');
    for (const key of [
      '../secret.txt',
      '..%2Fsecret.txt',
      '/etc/passwd',
      'secret.txt',
      `${'0'.repeat(8)}-0000-0000-0000-000000000000/../../secret.txt`,
      '00000000-0000-0000-0000-000000000000.json',
      '00000000-0000-0000-0000-000000000000\u0000',
      'AAAAAAAA-0000-0000-0000-000000000000',
      '',
    ]) {
      expect(await refused(files.get(key))).toEqual({
        status: 400,
        code: 'INVALID_ARGUMENTS',
        message: 'key: not a file key',
      });
      expect((await refused(files.delete(key))).status).toBe(400);
      await expect(files.signedUrl(key)).rejects.toThrow('key: not a file key');
      expect(files.verifySignedUrl(key, Math.floor(Date.now() / 1000) + 60, 'x')).toBe(false);
    }
  });

  it('answers null for a well-formed key it does not hold', async () => {
    expect(await files.get('00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  it('refuses a file over the limit with 413 and keeps none of it', async () => {
    const before = readdirSync(root, { recursive: true }).length;
    const source = randomStream(20);
    expect(
      await refused(
        files.put(source.stream, { contentType: 'video/mp4', name: 'big.mp4', maxBytes: 100_000 }),
      ),
    ).toEqual({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'File is larger than 100000 bytes',
    });
    const after = readdirSync(root, { recursive: true }).map(String);
    expect(after.some((f) => f.endsWith('.part'))).toBe(false);
    expect(after.length).toBeLessThanOrEqual(before + 1); // at most the shard folder
  });

  it('keeps nothing of an upload that breaks off', async () => {
    let sent = 0;
    const broken = new Readable({
      read() {
        if (sent++ < 3) this.push(randomBytes(1024));
        else this.destroy(new Error('client went away'));
      },
    });
    await expect(files.put(broken, { contentType: 'video/mp4', name: 'v.mp4' })).rejects.toThrow(
      'client went away',
    );
    expect(
      readdirSync(root, { recursive: true })
        .map(String)
        .some((f) => f.endsWith('.part')),
    ).toBe(false);
  });

  it('refuses a content type that is not a media type', async () => {
    expect(
      await refused(files.put(Readable.from([]), { contentType: 'text/html\r\nx: y', name: 'a' })),
    ).toEqual({
      status: 400,
      code: 'INVALID_ARGUMENTS',
      message: 'contentType: not a media type',
    });
  });

  it('signs short-lived URLs that it alone accepts, only until they expire', async () => {
    const stored = await files.put(Readable.from([Buffer.from('x')]), {
      contentType: 'image/png',
      name: 'a.png',
    });
    const url = new URL(await files.signedUrl(stored.key, { ttlSeconds: 60 }), 'http://x');
    expect(url.pathname).toBe(`${FILES_URL_PREFIX}/${stored.key}`);
    const expires = url.searchParams.get('expires')!;
    const signature = url.searchParams.get('signature')!;
    expect(Number(expires) - Date.now() / 1000).toBeGreaterThan(55);
    expect(files.verifySignedUrl(stored.key, expires, signature)).toBe(true);

    const otherKey = '00000000-0000-4000-8000-000000000000';
    expect(files.verifySignedUrl(otherKey, expires, signature)).toBe(false);
    expect(files.verifySignedUrl(stored.key, String(Number(expires) + 1), signature)).toBe(false);
    // Tampered: the last character changed to another one (setting it to a fixed one would leave it
    // unchanged whenever it already was that one).
    const last = signature.at(-1) === 'A' ? 'B' : 'A';
    expect(files.verifySignedUrl(stored.key, expires, `${signature.slice(0, -1)}${last}`)).toBe(false);
    expect(files.verifySignedUrl(stored.key, 'soon', signature)).toBe(false);
    const otherSecret = createFileStore({
      filesDir: root,
      jwtSecret: new TextEncoder().encode('another-secret'),
    });
    expect(otherSecret.verifySignedUrl(stored.key, expires, signature)).toBe(false);
  });

  it('rounds expiries up to the minute, so a file listed twice keeps one URL the browser caches', () => {
    let now = 1_800_000_000_000 + 7_000; // 7 s past a minute
    const signer = createUrlSigner(secret, () => now);
    const key = '00000000-0000-4000-8000-000000000000';
    const first = signer.sign(key, 300);
    expect(first.expires).toBe(1_800_000_000 + 360);
    now += 30_000;
    expect(signer.sign(key, 300)).toEqual(first);
    // Never past the longest life a URL may have: verify would refuse it.
    const longest = signer.sign(key, MAX_URL_TTL_SECONDS);
    expect(longest.expires).toBe(Math.floor(now / 1000) + MAX_URL_TTL_SECONDS);
    expect(signer.verify(key, longest.expires, longest.signature)).toBe(true);
  });

  it('makes the same URL at once for presenters, and a link with the name', () => {
    const key = '00000000-0000-4000-8000-000000000000';
    const url = files.signedUrlNow(key);
    const parsed = new URL(url, 'http://x');
    expect(files.verifySignedUrl(key, parsed.searchParams.get('expires')!, parsed.searchParams.get('signature')!)).toBe(true);
    const link = fileLinker(files);
    expect(link({ key, name: 'car.jpg' })).toEqual({ url, name: 'car.jpg' });
    expect(link({ key: null, name: null })).toBeNull();
  });

  it('expires URLs and caps how long they may live', () => {
    let now = 1_800_000_000_000;
    const signer = createUrlSigner(secret, () => now);
    const key = '00000000-0000-4000-8000-000000000000';
    const { expires, signature } = signer.sign(key, 10 * MAX_URL_TTL_SECONDS);
    expect(expires).toBe(now / 1000 + MAX_URL_TTL_SECONDS);
    expect(signer.verify(key, expires, signature)).toBe(true);
    now += (MAX_URL_TTL_SECONDS + 1) * 1000;
    expect(signer.verify(key, expires, signature)).toBe(false);
  });
});
