// The first visitor after a quiet spell: the product at rest (the prerender's process gone, the
// open jobs past their 60 s age), then one GET of `/` and one of a job page, timed against the
// same requests made warm. The server keeps the pages it drew until the jobs change, so the first
// request after the spell should cost what a warm one does (docs/architecture.md#prerendered-pages).
import path from 'node:path';
import { freePort } from './free-port.mjs';
import { BROWSER_ACCEPT_ENCODING, request } from './http-client.mjs';
import { adminToken, startProduct } from './product-server.mjs';
import { createJobPosts } from './seed-jobs.mjs';
import { median, sleep } from './stats.mjs';

/** One GET as a browser makes it, timed to its last byte (ms). */
async function timedGet(url) {
  const began = performance.now();
  const answer = await request(url, { headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } });
  const ms = performance.now() - began;
  if (answer.status !== 200) throw new Error(`GET ${url}: ${answer.status}`);
  return ms;
}

export async function measureQuietFirstRequest({ workDir, cpu, quietSeconds, warmRequests = 20 }) {
  const product = await startProduct({
    port: await freePort(),
    dataDir: path.join(workDir, 'quiet-data'),
    cpu,
  });
  try {
    await createJobPosts(product.url, await adminToken(product.url), 3);
    const jobs = JSON.parse((await request(`${product.url}/api/all`)).body.toString());
    const pages = { home: `${product.url}/`, job: `${product.url}/apply/${jobs[0]._id}` };
    const result = {};
    for (const [name, url] of Object.entries(pages)) {
      // The first visit draws the page (and, in the background, the others).
      result[name] = { firstEverMs: await timedGet(url) };
    }
    await sleep(2000);
    for (const [name, url] of Object.entries(pages)) {
      const warm = [];
      for (let i = 0; i < warmRequests; i++) warm.push(await timedGet(url));
      result[name].warmMedianMs = median(warm);
    }
    console.info(`  quiet for ${quietSeconds} s`);
    await sleep(quietSeconds * 1000);
    for (const [name, url] of Object.entries(pages)) result[name].afterQuietMs = await timedGet(url);
    return result;
  } finally {
    await product.stop();
  }
}

/** The row: each page's first request after the spell against its warm median. */
export function quietFirstRequestRow(result, quietSeconds) {
  const cell = (name, label) => {
    const page = result[name];
    return `${label} ${page.afterQuietMs.toFixed(1)} ms (warm median ${page.warmMedianMs.toFixed(1)} ms)`;
  };
  // As fast as a warm one: within twice the warm median, or 5 ms of it on a loaded machine.
  const asWarm = (page) => page.afterQuietMs <= Math.max(2 * page.warmMedianMs, page.warmMedianMs + 5);
  return {
    metric: `first request after ${quietSeconds} s quiet (/ and a job page)`,
    product: `${cell('home', '/')}; ${cell('job', 'job page')}`,
    target: 'as fast as warm (<= 2x warm median, or +5 ms)',
    met: asWarm(result.home) && asWarm(result.job),
    details: { quietSeconds, ...result },
  };
}
