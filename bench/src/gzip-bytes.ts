import http from 'node:http';

/** The bytes the server sends for `url` with Accept-Encoding: gzip (the body as it travels). */
export function gzipBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
        if (response.headers['content-encoding'] !== 'gzip') {
          reject(new Error(`${url}: not sent gzipped (${response.headers['content-encoding'] ?? 'identity'})`));
        }
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve(bytes));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}
