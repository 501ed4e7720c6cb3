// `npm start` on a fresh data folder, to the first 200 on GET /api/all: `node scripts/start.mjs`
// (what `npm start` runs, without npm's own start-up) with the product's defaults and no admin.
// Not pinned: this is the time a person waits, with the whole machine.
import path from 'node:path';
import { freePort } from './free-port.mjs';
import { launch, productEnv, root } from './product-server.mjs';
import { median } from './stats.mjs';

export async function measureNpmStart(workDir, runs) {
  const startsMs = [];
  for (let run = 1; run <= runs; run++) {
    const port = await freePort();
    const server = await launch({
      label: 'npm start',
      command: process.execPath,
      args: [path.join(root, 'scripts', 'start.mjs')],
      env: productEnv({ port, dataDir: path.join(workDir, `npm-start-${run}`), admin: false }),
      port,
    });
    startsMs.push(server.startMs);
    console.info(`  npm start run ${run}: ${server.startMs.toFixed(0)} ms`);
    await server.stop();
  }
  return { medianMs: median(startsMs), startsMs };
}
