import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import multipartPlugin from '@fastify/multipart';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@servicebay/domain';
import { multipart } from '../../../test/multipart.js';
import { createFileStore } from './index.js';
import { receiveImageUpload, receiveMediaUpload } from './uploads.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'servicebay-uploads-'));
const files = createFileStore({ filesDir: root, jwtSecret: new TextEncoder().encode('test-secret-of-at-least-32-characters!!') });
const app = Fastify();
const stored = () => readdirSync(root, { recursive: true }).map(String).filter((f) => /[0-9a-f-]{36}/.test(f));

beforeAll(async () => {
  await app.register(multipartPlugin);
  app.setErrorHandler((error, _request, reply) =>
    error instanceof AppError ? reply.code(error.status).send(error.toResponse()) : reply.code(500).send({ message: String(error) }),
  );
  app.post('/media', async (request) => receiveMediaUpload(request, files, { accept: ['image', 'video'], maxVideoBytes: 200_000 }));
  app.post('/images-only', async (request) => receiveMediaUpload(request, files, { accept: ['image'] }));
  app.post('/image', async (request) => receiveImageUpload(request, files, { maxBytes: 100_000, maxDimension: 64 }));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

const post = (url: string, form: ReturnType<typeof multipart>) => app.inject({ method: 'POST', url, headers: form.headers, payload: form.payload });
/** An MP4-looking stream: an ftyp box, then noise. */
const mp4 = (size: number) => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom\0\0\0\0isommp41', 'latin1'), randomBytes(size)]);

describe('receiveMediaUpload', () => {
  it('streams a video into the store as sent, with the fields', async () => {
    const data = mp4(150_000);
    const res = await post('/media', multipart({ name: 'walkaround.mov', worker: 'Sam' }, { field: 'video', filename: 'x', contentType: 'application/octet-stream', data }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ kind: 'video', fields: { name: 'walkaround.mov', worker: 'Sam' }, file: { contentType: 'video/mp4', name: 'walkaround.mp4', size: data.length } });
    const file = await files.get(body.file.key);
    expect(Buffer.concat(await file!.stream.toArray()).equals(data)).toBe(true);
  });

  it('processes a picture as an image upload', async () => {
    const png = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#ff0000' } }).png().toBuffer();
    const res = await post('/media', multipart({}, { field: 'file', filename: 'p.png', contentType: 'image/png', data: png }));
    expect(res.json()).toMatchObject({ kind: 'image', file: { contentType: 'image/jpeg', name: 'p.jpg' } });
  });

  it('refuses a video over its limit with 413, and a video where only pictures go with 415; nothing kept', async () => {
    const before = stored();
    const big = await post('/media', multipart({}, { field: 'file', filename: 'v.mp4', contentType: 'video/mp4', data: mp4(250_000) }));
    expect(big.json()).toEqual({ status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'File is larger than 200000 bytes' });
    const video = await post('/images-only', multipart({}, { field: 'file', filename: 'v.mp4', contentType: 'video/mp4', data: mp4(1000) }));
    expect(video.json()).toEqual({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'file: only PNG or JPEG pictures are accepted' });
    const text = await post('/media', multipart({}, { field: 'file', filename: 'v.mp4', contentType: 'video/mp4', data: Buffer.from('not a video') }));
    expect(text.statusCode).toBe(415);
    expect(stored()).toEqual(before);
  });
});

describe('receiveImageUpload', () => {
  it('shrinks to the asked size and names the file from the form', async () => {
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#00ff00' } }).jpeg().toBuffer();
    const res = await post('/image', multipart({ fileName: 'Front bumper.JPEG' }, { field: 'file', filename: 'blob', contentType: 'image/jpeg', data: jpeg }));
    const { file } = res.json();
    expect(file.name).toBe('Front bumper.jpg');
    const meta = await sharp(Buffer.concat(await (await files.get(file.key))!.stream.toArray())).metadata();
    expect([meta.width, meta.height]).toEqual([64, 48]);
  });

  it('refuses a picture over its limit with 413 and an empty file with 415', async () => {
    const before = stored();
    const noise = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(150_000)]);
    const big = await post('/image', multipart({}, { field: 'file', filename: 'a.jpg', contentType: 'image/jpeg', data: noise }));
    expect(big.json()).toEqual({ status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'File is larger than 100000 bytes' });
    const empty = await post('/image', multipart({}, { field: 'file', filename: 'a.jpg', contentType: 'image/jpeg', data: Buffer.alloc(0) }));
    expect(empty.statusCode).toBe(415);
    expect(stored()).toEqual(before);
  });

  it('refuses a malformed multipart body with 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/image',
      headers: { 'content-type': 'multipart/form-data; boundary=abc' },
      payload: '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\n\xff\xd8\xff',
    });
    expect(res.statusCode).toBe(400);
    expect(stored().some((f) => f.endsWith('.part'))).toBe(false);
  });

  it('refuses a NUL in a field or in the file name with 400, before anything is stored', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00ff00' } })
      .png()
      .toBuffer();
    const before = stored();
    const field = await post(
      '/image',
      multipart(
        { fileName: 'front\u0000.png' },
        { field: 'file', filename: 'p.png', contentType: 'image/png', data: png },
      ),
    );
    expect(field.json()).toEqual({
      status: 400,
      code: 'INVALID_ARGUMENTS',
      message: 'fileName: must not contain a NUL character or an unpaired surrogate',
    });
    const name = await post(
      '/image',
      multipart({}, { field: 'file', filename: 'p\u0000.png', contentType: 'image/png', data: png }),
    );
    expect(name.json()).toEqual({
      status: 400,
      code: 'INVALID_ARGUMENTS',
      message: 'file: must not contain a NUL character or an unpaired surrogate',
    });
    expect(stored()).toEqual(before);
  });

  it('refuses a PNG whose data cannot be read with 400 (was a 500), nothing kept', async () => {
    // A 1x1 PNG with wrong checksums: the signature passes the sniffing, libpng refuses the data.
    const broken = Buffer.from(
      '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
        '1f15c4890000000d49444154789c6360f8ffff3f0005fe02fea7d6a4b90000000049454e44ae426082',
      'hex',
    );
    const before = stored();
    const res = await post(
      '/image',
      multipart({}, { field: 'file', filename: 'p.png', contentType: 'image/png', data: broken }),
    );
    expect(res.json()).toEqual({
      status: 400,
      code: 'INVALID_ARGUMENTS',
      message: 'file: the picture could not be read',
    });
    expect(stored()).toEqual(before);
  });
});
