// After `vite build`: writes .br and .gz beside each hashed asset, compressed once at the highest
// levels, so the server sends them (@fastify/static preCompressed) without compressing per request.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = path.resolve(process.argv[2] ?? 'dist/web/assets');
const worthIt = /\.(js|css|svg|json|txt|wasm|mjs)$/;
let files = 0;
for (const name of readdirSync(dir)) {
  if (!worthIt.test(name)) continue;
  const file = path.join(dir, name);
  const bytes = readFileSync(file);
  if (bytes.length < 1024) continue;
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
  );
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  files++;
}
console.info(`precompressed ${files} assets in ${path.relative(process.cwd(), dir)}`);
