import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { File as NodeFile } from 'node:buffer';
import type { AddressInfo } from 'node:net';

export interface ReceivedCall {
  method: string;
  path: string;
  contentType: string;
  body: Buffer;
}

export type Answer = { status: number; body?: unknown; delayMs?: number };

/**
 * A real HTTP server on 127.0.0.1 for the app's calls in jsdom. Uploads go through
 * XMLHttpRequest, which jsdom sends over the network (a stubbed fetch never sees them), so the
 * form's calls are answered here; CORS headers let jsdom's page read the answers.
 */
export async function startLocalApi(answer: (call: ReceivedCall) => Answer | Promise<Answer>) {
  const calls: ReceivedCall[] = [];
  const cors = {
    'access-control-allow-origin': '*',
    'access-control-allow-headers': 'authorization, content-type',
    'access-control-allow-methods': 'GET, POST, PUT, DELETE',
  };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'OPTIONS') {
        response.writeHead(204, cors).end();
        return;
      }
      const call: ReceivedCall = {
        method: request.method ?? 'GET',
        path: (request.url ?? '/').replace(/^\/api/, ''),
        contentType: request.headers['content-type'] ?? '',
        body: Buffer.concat(chunks),
      };
      calls.push(call);
      void Promise.resolve(answer(call)).then(async ({ status, body, delayMs }) => {
        if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
        response
          .writeHead(status, { ...cors, 'content-type': 'application/json' })
          .end(body === undefined ? '' : JSON.stringify(body));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiBaseUrl: `http://127.0.0.1:${port}/api`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A multipart body the local API received, read as the server's form parser would. Node's own
 * reader makes its File parts with the global File, which jsdom replaces with its own, and then
 * refuses them as not Node's: Node's File is put back for the length of the read.
 */
export async function readMultipart(call: ReceivedCall): Promise<FormData> {
  const jsdomFile = globalThis.File;
  globalThis.File = NodeFile as unknown as typeof File;
  try {
    return await new Response(new Uint8Array(call.body), {
      headers: { 'content-type': call.contentType },
    }).formData();
  } finally {
    globalThis.File = jsdomFile;
  }
}
