// The admin's application list with 10,000 stored: sequential requests (one admin, one screen),
// client-side round trip, and a check that no CV bytes travel with it.
import { BROWSER_ACCEPT_ENCODING, decodeBody, request } from './http-client.mjs';
import { quantile } from './stats.mjs';

const WARM_UP = 2;

export async function measureApplicationList({ url, token, requests }) {
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': BROWSER_ACCEPT_ENCODING };
  const timings = [];
  const statuses = new Set();
  let last;
  // The first requests are not counted (JIT, first query plan).
  for (let i = 0; i < WARM_UP + requests; i++) {
    const began = performance.now();
    last = await request(`${url}/api/applications`, { headers });
    if (i >= WARM_UP) timings.push(performance.now() - began);
    statuses.add(last.status);
  }
  const text = decodeBody(last).toString('utf8');
  const allOk = statuses.size === 1 && statuses.has(200);
  const list = allOk ? JSON.parse(text) : [];
  return {
    p50Ms: quantile(timings, 0.5),
    p90Ms: quantile(timings, 0.9),
    timings: timings.map((ms) => Math.round(ms * 10) / 10),
    allOk,
    statuses: [...statuses],
    answerBytes: last.body.length,
    contentEncoding: last.headers['content-encoding'] ?? null,
    rows: allOk ? list.length : undefined,
    // No pdfFile field (pdfFileSize is fine), no data URL, no base64 of "%PDF-" anywhere.
    noCvBytes:
      !list.some((row) => 'pdfFile' in row) &&
      !text.includes('data:application/pdf') &&
      !text.includes('JVBERi0'),
  };
}
