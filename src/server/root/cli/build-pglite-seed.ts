import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { defaultSeed, writePgliteSeed } from '../../db/pglite-seed';

// Run by the build: `node dist/server/build-pglite-seed.js` writes dist/server/pglite-seed-<fingerprint>/.
const seed = process.argv[2] ?? defaultSeed();
mkdirSync(path.dirname(seed), { recursive: true });
await writePgliteSeed(seed);
console.info(`wrote ${path.relative(process.cwd(), seed)}`);
