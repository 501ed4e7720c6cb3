import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { defaultSeedFile, writePgliteSeed } from '../db/pglite-seed';

// Run by the build: `node dist/server/build-pglite-seed.js` writes dist/server/pglite-seed-<fingerprint>.tar.gz.
const file = process.argv[2] ?? defaultSeedFile();
mkdirSync(path.dirname(file), { recursive: true });
await writePgliteSeed(file);
console.info(`wrote ${path.relative(process.cwd(), file)}`);
