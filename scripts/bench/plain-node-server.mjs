// The ceiling for any Node server: node:http with no framework, no validation, no database.
// GETs answer from memory with the exact status, headers and body bytes the product answered
// (captured by the benchmark, see replay.mjs); POST /api/applications takes a CV the minimal way
// (read the JSON body, JSON.parse, base64-decode the data URL, write the file, fsync, answer 201).
//
// Usage: node plain-node-server.mjs <replay.json> <port>
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';

const PDF_PREFIX = 'data:application/pdf;base64,';
const [replayFile, port] = process.argv.slice(2);
const replay = JSON.parse(readFileSync(replayFile, 'utf8'));

// Everything is prepared before listening: an answer is one writeHead and one end.
const answers = new Map(
  replay.routes.map((route) => [
    `${route.method} ${route.path}`,
    { status: route.status, headers: route.headers.flat(), body: readFileSync(route.bodyFile) },
  ]),
);

async function takeCv(req, res) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const { pdfFile } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  if (typeof pdfFile !== 'string' || !pdfFile.startsWith(PDF_PREFIX)) {
    res.writeHead(400, { 'content-type': 'application/json; charset=utf-8' });
    res.end('{"message":"A PDF data URL is required."}');
    return;
  }
  const bytes = Buffer.from(pdfFile.slice(PDF_PREFIX.length), 'base64');
  const id = randomUUID();
  const handle = await fs.open(path.join(replay.intakeDir, `${id}.pdf`), 'wx', 0o600);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  res.writeHead(201, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify({ success: true, insertedId: id }));
}

const server = http.createServer((req, res) => {
  if (req.method === 'POST' && req.url === '/api/applications') {
    takeCv(req, res).catch((error) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
    return;
  }
  const answer = answers.get(`${req.method} ${req.url}`);
  if (!answer) {
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
    return;
  }
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body);
});
// Node's default keep-alive timeout is 5 s; wrk keeps its connections for the whole run.
server.keepAliveTimeout = 75_000;
server.listen(Number(port), '127.0.0.1');
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0));
