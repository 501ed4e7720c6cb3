// The first visitor after a quiet spell: the product at rest (the prerender's process gone, the
// open jobs past their 60 s age, the server's memory released), then one GET of `/` and one of a
// job page, timed against the same requests made warm. The server keeps the pages it drew until
// the jobs change, so no page is drawn on that request (docs/architecture.md#prerendered-pages).
// A second server, at rest as long, answers `/robots.txt` first: what any first request after a
// quiet spell costs (a process waking up), which no page cache can save.
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

/** A product with three posts whose pages (`/`, a job page) have been asked for and timed warm. */
async function warmProduct({ workDir, name, cpu, warmRequests }) {
  const product = await startProduct({ port: await freePort(), dataDir: path.join(workDir, name), cpu });
  await createJobPosts(product.url, await adminToken(product.url), 3);
  const jobs = JSON.parse((await request(`${product.url}/api/all`)).body.toString());
  const pages = {
    home: `${product.url}/`,
    job: `${product.url}/apply/${jobs[0]._id}`,
    robots: `${product.url}/robots.txt`,
  };
  const result = {};
  // The first visit draws the page (and, in the background, the others).
  for (const [key, url] of Object.entries(pages)) result[key] = { firstEverMs: await timedGet(url) };
  await sleep(2000);
  for (const [key, url] of Object.entries(pages)) {
    const warm = [];
    for (let i = 0; i < warmRequests; i++) warm.push(await timedGet(url));
    result[key].warmMedianMs = median(warm);
  }
  return { product, pages, result };
}

export async function measureQuietFirstRequest({ workDir, cpu, quietSeconds, warmRequests = 20 }) {
  const [visited, reference] = await Promise.all([
    warmProduct({ workDir, name: 'quiet-data', cpu, warmRequests }),
    warmProduct({ workDir, name: 'quiet-reference-data', cpu, warmRequests }),
  ]);
  try {
    console.info(`  quiet for ${quietSeconds} s`);
    await sleep(quietSeconds * 1000);
    visited.result.home.afterQuietMs = await timedGet(visited.pages.home);
    visited.result.job.afterQuietMs = await timedGet(visited.pages.job);
    const wakeUpMs = await timedGet(reference.pages.robots);
    return { home: visited.result.home, job: visited.result.job, wakeUpMs };
  } finally {
    await Promise.all([visited.product.stop(), reference.product.stop()]);
  }
}

/** The row: each page's first request after the spell against its warm median and a waking process. */
export function quietFirstRequestRow(result, quietSeconds) {
  const cell = (key, label) => {
    const page = result[key];
    return `${label} ${page.afterQuietMs.toFixed(1)} ms (warm median ${page.warmMedianMs.toFixed(1)} ms)`;
  };
  // No drawing on the request: within 5 ms of what any first request after the spell costs.
  const asWarm = (page) => page.afterQuietMs <= result.wakeUpMs + 5;
  return {
    metric: `first request after ${quietSeconds} s quiet (/ and a job page)`,
    product:
      `${cell('home', '/')}; ${cell('job', 'job page')}; ` +
      `a waking server's first /robots.txt ${result.wakeUpMs.toFixed(1)} ms`,
    target: "<= a waking server's first request + 5 ms (no prerender)",
    met: asWarm(result.home) && asWarm(result.job),
    details: { quietSeconds, ...result },
  };
}
