// @vitest-environment jsdom
/// <reference types="node" />
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { access, defineRoute } from '@servicebay/domain';
import { ApiError } from '../http/api-error.js';
import { uploadWithProgress, type UploadProgress } from './upload.js';

const route = defineRoute({
  id: 'test.upload',
  method: 'POST',
  path: '/v2/api/thing/:thingId/picture',
  summary: 'test',
  tag: 'test',
  access: access.public('a test route for the upload client'),
  params: z.strictObject({ thingId: z.string() }),
  response: z.object({ ok: z.boolean(), size: z.number(), auth: z.string().nullable(), type: z.string() }),
});

let server: Server;
let baseUrl: string;
let answer: (req: IncomingMessage, res: ServerResponse, body: Buffer) => void;

beforeAll(async () => {
  server = createServer((req, res) => {
    // jsdom applies CORS like a browser: the page's origin is not the test server's.
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', 'authorization, accept, content-type');
    res.setHeader('access-control-allow-methods', 'POST');
    if (req.method === 'OPTIONS') return res.end();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => answer(req, res, Buffer.concat(chunks)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

describe('uploadWithProgress', () => {
  it('sends the file and fields as multipart with the token, reports progress, answers the parsed body', async () => {
    answer = (req, res, body) =>
      json(res, 200, {
        ok: body.includes('name="fileName"\r\n\r\nfront.jpg') && body.includes('filename="front.jpg"') && body.includes('PICTURE'),
        size: body.length,
        auth: req.headers.authorization ?? null,
        type: req.headers['content-type'] ?? '',
      });
    const seen: UploadProgress[] = [];
    const file = new File([new Uint8Array(200_000).fill(65), 'PICTURE'], 'front.jpg', { type: 'image/jpeg' });
    const result = await uploadWithProgress(route, {
      baseUrl,
      params: { thingId: 't1' },
      file,
      fields: { fileName: 'front.jpg' },
      getToken: () => 'tok',
      onProgress: (p) => seen.push(p),
    });
    expect(result).toMatchObject({ ok: true, auth: 'Bearer tok' });
    expect(result.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(result.size).toBeGreaterThan(200_000);
    expect(seen[0]).toEqual({ loaded: 0, total: file.size, fraction: 0 });
  });

  it("rejects with the server's error shape", async () => {
    answer = (_req, res) => json(res, 415, { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'file: only PNG or JPEG files are accepted' });
    const error = await uploadWithProgress(route, { baseUrl, params: { thingId: 't1' }, file: new Blob(['x']) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).toResponse()).toEqual({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'file: only PNG or JPEG files are accepted' });
  });

  it('gives a code for an answer that is not the error shape (a proxy refusing a large body)', async () => {
    answer = (_req, res) => {
      res.writeHead(413, { 'content-type': 'text/html' });
      res.end('<html>Request Entity Too Large</html>');
    };
    const error = (await uploadWithProgress(route, { baseUrl, params: { thingId: 't1' }, file: new Blob(['x']) }).catch((e: unknown) => e)) as ApiError;
    expect([error.status, error.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
  });

  it('rejects NO_CONNECTION when the server cannot be reached, and with the reason when aborted', async () => {
    const down = await uploadWithProgress(route, { baseUrl: 'http://127.0.0.1:9', params: { thingId: 't' }, file: new Blob(['x']) }).catch((e: unknown) => e);
    expect((down as ApiError).code).toBe('NO_CONNECTION');

    answer = () => {}; // never answers
    const controller = new AbortController();
    const pending = uploadWithProgress(route, { baseUrl, params: { thingId: 't' }, file: new Blob(['x']), signal: controller.signal });
    setTimeout(() => controller.abort(new DOMException('stop', 'AbortError')), 50);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('refuses a missing path parameter before sending', async () => {
    const error = (await uploadWithProgress(route, { baseUrl, file: new Blob(['x']) }).catch((e: unknown) => e)) as ApiError;
    expect(error.toResponse()).toEqual({ status: 400, code: 'INVALID_ARGUMENTS', message: 'thingId is mandatory' });
  });
});
