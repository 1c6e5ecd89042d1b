import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { contentDisposition } from './files.routes.js';

let t: TestApp;
const bytes = randomBytes(300_000);
let key: string;
let url: string;

const get = (path: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: path, headers });

beforeAll(async () => {
  t = await createTestApp();
  const stored = await t.platform.files.put(Readable.from([bytes]), { contentType: 'video/mp4', name: 'walk around été.mp4' });
  key = stored.key;
  url = await t.platform.files.signedUrl(key, { ttlSeconds: 120 });
});
afterAll(() => t?.close());

describe('GET /v2/files/:key', () => {
  it('streams the file behind a signed URL with its type, length and safe headers', async () => {
    // The server reads its clock after this one: its max-age can only be shorter than this bound.
    const before = Math.floor(Date.now() / 1000);
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['content-length']).toBe(String(bytes.length));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="walk around _t_.mp4"; filename*=UTF-8''walk%20around%20%C3%A9t%C3%A9.mp4`,
    );
    expect(res.headers['content-security-policy']).toContain('sandbox');
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(res.headers['cache-control']))?.[1]);
    const expires = Number(new URL(url, 'http://x').searchParams.get('expires'));
    expect(maxAge).toBeGreaterThan(100);
    expect(maxAge).toBeLessThanOrEqual(expires - before);
  });

  it('refuses a tampered, foreign or expired link with 403 and reads nothing', async () => {
    const good = new URL(url, 'http://x');
    const expires = good.searchParams.get('expires')!;
    const signature = good.searchParams.get('signature')!;
    const otherKey = '00000000-0000-4000-8000-000000000000';
    for (const path of [
      `/v2/files/${key}`,
      `/v2/files/${key}?expires=${expires}`,
      `/v2/files/${key}?expires=${Number(expires) + 60}&signature=${signature}`,
      `/v2/files/${key}?expires=${expires}&signature=${signature.slice(0, -2)}xx`,
      `/v2/files/${otherKey}?expires=${expires}&signature=${signature}`,
      `/v2/files/..%2F..%2Fetc%2Fpasswd?expires=${expires}&signature=${signature}`,
      `/v2/files/${key}?expires=${Math.floor(Date.now() / 1000) - 1}&signature=${signature}`,
    ]) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(403);
      expect(res.json()).toEqual({ status: 403, code: 'FORBIDDEN', message: 'The link is invalid or has expired' });
    }
  });

  it('answers 404 for a well-signed link to a file that is gone', async () => {
    const stored = await t.platform.files.put(Readable.from([Buffer.from('x')]), { contentType: 'image/png', name: 'a.png' });
    const link = await t.platform.files.signedUrl(stored.key);
    await t.platform.files.delete(stored.key);
    const res = await get(link);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it('serves byte ranges so videos seek: 206 with Content-Range, suffix and open ranges, 416 past the end', async () => {
    const part = await get(url, { range: 'bytes=1000-1999' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(part.headers['content-length']).toBe('1000');
    expect(part.rawPayload.equals(bytes.subarray(1000, 2000))).toBe(true);

    const tail = await get(url, { range: 'bytes=-500' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 500))).toBe(true);

    const open = await get(url, { range: `bytes=${bytes.length - 10}-` });
    expect(open.headers['content-range']).toBe(`bytes ${bytes.length - 10}-${bytes.length - 1}/${bytes.length}`);
    expect(open.rawPayload.length).toBe(10);

    const past = await get(url, { range: `bytes=${bytes.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${bytes.length}`);

    // Several ranges: the whole file, as the RFC allows.
    const several = await get(url, { range: 'bytes=0-1,5-6' });
    expect(several.statusCode).toBe(200);
    expect(several.rawPayload.length).toBe(bytes.length);
  });

  it('answers 304 to a conditional request, and HEAD without the body', async () => {
    const first = await get(url);
    const again = await get(url, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(bytes.length));
  });

  it('works over a real socket, as a browser or video element fetches it', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}${url}`, { headers: { range: 'bytes=0-99' } });
    expect(res.status).toBe(206);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes.subarray(0, 100))).toBe(true);
  });
});

describe('contentDisposition', () => {
  it('keeps an ASCII fallback and the exact name encoded', () => {
    expect(contentDisposition('report (1).jpg')).toBe(`inline; filename="report (1).jpg"; filename*=UTF-8''report%20%281%29.jpg`);
    expect(contentDisposition('voiture-été.jpg')).toContain(`filename="voiture-_t_.jpg"`);
  });
});
