import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { generate } from 'selfsigned';
import { stringify } from 'yaml';

/** A certificate for 127.0.0.1, trusted by this test's stand-in for Electron's network stack only. */
export async function testCertificate(): Promise<{ key: string; cert: string }> {
  const pem = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
    ],
  });
  return { key: pem.private, cert: pem.cert };
}

/** What the feed answers for a path: the file's bytes, or a redirect elsewhere. */
export type FeedEntry = Buffer | string | { redirect: string };

export interface LocalFeed {
  /** The feed's base address, as app-update.yml names it. */
  url: string;
  /** Paths asked for, in order, without the query (the generic provider adds a cache-buster). */
  requests: string[];
  files: Map<string, FeedEntry>;
  close(): Promise<void>;
}

/**
 * A release server on 127.0.0.1: https with the given certificate, or plain http without one.
 * With `hold`, it answers nothing until that promise settles.
 */
export async function startFeed(
  files: Record<string, FeedEntry>,
  tls?: { key: string; cert: string },
  hold?: Promise<void>,
): Promise<LocalFeed> {
  const entries = new Map(Object.entries(files));
  const requests: string[] = [];
  const handler: http.RequestListener = async (request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://feed').pathname;
    requests.push(pathname);
    await hold;
    const entry = entries.get(pathname.slice(1));
    if (entry === undefined) {
      response.writeHead(404).end('not found');
    } else if (typeof entry === 'object' && 'redirect' in entry) {
      response.writeHead(302, { location: entry.redirect }).end();
    } else {
      const body = typeof entry === 'string' ? Buffer.from(entry) : entry;
      response.writeHead(200, { 'content-length': body.length }).end(body);
    }
  };
  const server = tls ? https.createServer(tls, handler) : http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}/careers-console/`,
    requests,
    files: entries,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const sha512 = (bytes: Buffer) => createHash('sha512').update(bytes).digest('base64');

/**
 * A release as electron-builder publishes it for Linux: latest-linux.yml naming the AppImage with its
 * size and sha512, and the AppImage itself (under the feed's folder). `served` replaces the bytes the
 * server hands out, for a file that no longer matches what latest-linux.yml says.
 */
export function linuxRelease(
  version: string,
  appImage: Buffer,
  served: Buffer = appImage,
): Record<string, FeedEntry> {
  const name = `Careers-Console-${version}.AppImage`;
  const latest = {
    version,
    files: [{ url: name, sha512: sha512(appImage), size: appImage.length }],
    path: name,
    sha512: sha512(appImage),
    releaseDate: '2026-11-20T09:00:00.000Z',
  };
  return { 'careers-console/latest-linux.yml': stringify(latest), [`careers-console/${name}`]: served };
}

type Listener = (details: { url: string }, callback: (response: { cancel: boolean }) => void) => void;

/** A stand-in for an Electron Session, as far as electron-updater and the console use one. */
class StandInSession {
  beforeRequest: Listener | undefined;
  webRequest = {
    onBeforeRequest: (listener: Listener) => {
      this.beforeRequest = listener;
    },
  };
}

interface RequestOptions {
  protocol?: string;
  hostname?: string;
  port?: string | number;
  path?: string;
  method?: string;
  headers?: Record<string, string>;
  session?: StandInSession;
}

/**
 * Electron's runtime as electron-updater reaches it (`require('electron')`): `app` (the installed
 * console's version and folders), `session.fromPartition` and `net.request`, here Node's https
 * trusting only the test's certificate, with the session's webRequest hook run first as Electron
 * runs it, and `autoUpdater` (electron-updater emits on it before quitting to install).
 */
export function electronForUpdater(options: { version: string; userData: string; ca: string }) {
  const sessions = new Map<string, StandInSession>();
  const app = Object.assign(new EventEmitter(), {
    getVersion: () => options.version,
    getName: () => 'Careers Console',
    isPackaged: true,
    getAppPath: () => options.userData,
    getPath: () => options.userData,
    whenReady: async () => undefined,
    quit: () => undefined,
    relaunch: () => undefined,
  });
  const request = (requestOptions: RequestOptions) => {
    const { session, protocol = 'https:', hostname, port, path = '/', method, headers } = requestOptions;
    const url = `${protocol}//${hostname}${port ? `:${port}` : ''}${path}`;
    let cancelled = false;
    session?.beforeRequest?.({ url }, (answer) => (cancelled = answer.cancel));
    if (cancelled) {
      // What Electron's ClientRequest does for a request a webRequest hook cancelled.
      const blocked = Object.assign(new EventEmitter(), {
        end: () =>
          void setImmediate(() => blocked.emit('error', new Error(`net::ERR_BLOCKED_BY_CLIENT ${url}`))),
        abort: () => undefined,
        setHeader: () => undefined,
      });
      return blocked;
    }
    const transport = protocol === 'https:' ? https : http;
    return transport.request({ protocol, hostname, port, path, method, headers, ca: options.ca });
  };
  return {
    app,
    sessions,
    session: {
      fromPartition: (name: string) => {
        if (!sessions.has(name)) sessions.set(name, new StandInSession());
        return sessions.get(name)!;
      },
    },
    net: { request },
    autoUpdater: new EventEmitter(),
  };
}

/**
 * Hands `electron` to CommonJS code (electron-updater) as Node's require sees it: the module cache
 * entry for the electron package, which outside Electron would only point at a binary to download.
 */
export function provideElectronToRequire(electron: object): () => void {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('electron');
  const previous = require.cache[entry];
  require.cache[entry] = { id: entry, filename: entry, loaded: true, exports: electron } as NodeJS.Module;
  return () => {
    if (previous) require.cache[entry] = previous;
    else delete require.cache[entry];
  };
}
