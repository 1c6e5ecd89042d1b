// Writes a Brotli (.br) and a gzip (.gz) copy beside every text file a Vite build put in
// dist/assets, so the server sends them compressed (@fastify/static preCompressed; docs/web.md).
// Usage: node scripts/precompress.mjs <dist dir>
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = process.argv[2];
if (!dist) throw new Error('usage: node scripts/precompress.mjs <dist dir>');
const assets = path.join(dist, 'assets');
for (const name of readdirSync(assets)) {
  if (!/\.(js|css|svg|json|html)$/.test(name)) continue;
  const file = path.join(assets, name);
  const data = readFileSync(file);
  writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
}
