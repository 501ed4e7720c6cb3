import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRERENDER_DIR, PRERENDER_FILE } from '../../../src/shared/site/prerender';
import { screensOf } from '../../../src/shared/site/screen-routes';
import { testDatabaseUrl } from '../../support/postgres';
import { sampleJob, startTestServer, type TestServer } from '../../support/test-server';

/**
 * Every page of the website as the server sends it, from the real build (dist/web and its
 * prerender bundle): the prerendered home, job, About, Contact and privacy pages, every other
 * screen's shell, a closed job, and the 404s, through the W3C Nu HTML Checker (vnu-jar), which
 * must find no error. One JVM checks them all at once: starting Java is most of the cost. The
 * pages do not depend on the database, so this runs in the PGlite run only (docs/testing.md).
 */

const webDir = path.resolve('dist/web');
const vnuJar = path.resolve('node_modules/vnu-jar/build/dist/vnu.jar');
const hasBuild =
  existsSync(path.join(webDir, 'index.html')) &&
  existsSync(path.join(webDir, '..', PRERENDER_DIR, PRERENDER_FILE));
const hasJava = spawnSync('java', ['-version']).status === 0;
const inPostgresRun = Boolean(testDatabaseUrl());

const missing = [
  hasBuild ? undefined : 'the web build (npm run build:web)',
  hasJava ? undefined : 'Java 17 or later (Debian: default-jre-headless)',
].filter(Boolean);
if (!inPostgresRun && missing.length > 0) {
  const message = `The HTML validity test needs ${missing.join(' and ')}.`;
  if (process.env.CI) throw new Error(message);
  console.warn(`${message} Skipped.`);
}

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  message: string;
  lastLine?: number;
  extract?: string;
}

let server: TestServer;
let pagesDir: string;
/** The checked pages: file name → the address it was fetched from. */
const pages = new Map<string, string>();
let messages: VnuMessage[] = [];

/**
 * The checker's CSS part (the W3C CSS validator) cannot type a custom property inside a comparison
 * function, so it refuses valid CSS such as Fluent UI's `height: max(var(--a), var(--b))`; only
 * that message, for only such a value, is set aside. Any other CSS or HTML error fails.
 */
const cssMathWithCustomProperty =
  /^CSS: “[\w-]+”: “(?:min|max|clamp)\([^”]*var\(--[^”]*” is not a “[\w-]+” value\.$/;
/**
 * The same gap inside calc(): Fluent's radio buttons and check boxes size their hit area as
 * `calc(16px + 2 * var(--spacingHorizontalS))`, which the checker calls "incompatible types".
 * Set aside only where the extract shows such a spacing token closing the calc().
 */
const cssCalcWithSpacingToken = (message: VnuMessage) =>
  /^CSS: “(?:width|height)”: The types are incompatible\.$/.test(message.message) &&
  /(?:Horizontal|Vertical)[A-Z]+\)\)/.test(message.extract ?? '');

const addressOf = (message: VnuMessage) => pages.get(path.basename(message.url ?? '')) ?? message.url;

describe.skipIf(inPostgresRun || missing.length > 0)('every page of the website, as served', () => {
  beforeAll(async () => {
    server = await startTestServer({ WEB_DIST_DIR: webDir }, { serveWeb: true });
    const token = await server.adminToken();
    const job = async (overrides: Record<string, unknown> = {}) => {
      const created = await server.api('POST', '/post', { token, body: sampleJob(overrides) });
      expect(created.status).toBe(201);
      return created.body.insertedId as string;
    };
    // With questions whose answers are radio buttons and check boxes, as the apply form draws them.
    const openJob = await job({
      jobTitle: 'Claims Handler',
      closingDate: null,
      questions: [
        {
          id: 'right-to-work',
          type: 'yes-no',
          label: 'Do you have the right to work in the UK?',
          purpose: 'We must check it before anyone starts.',
          required: true,
        },
        {
          id: 'languages',
          type: 'several-of',
          label: 'Which languages do you speak?',
          purpose: 'Our customers are served in these languages.',
          options: ['Urdu', 'Bengali'],
        },
      ],
    });
    const closedJob = await job({ jobTitle: 'Closed Claims Handler' });
    const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
      new Date(Date.now() - 86_400_000),
    );
    const closed = await server.api('PUT', `/post/${closedJob}`, { token, body: { closingDate: yesterday } });
    expect(closed.status).toBe(200);

    // Every screen the website serves, its parameters filled with a real job or a made-up token.
    const addresses = screensOf('web').map((route) =>
      route.pattern.replace(/:(\w+)/g, (_match, name: string) =>
        name === 'id' ? openJob : 'a-made-up-token-0123456789abcdef',
      ),
    );
    addresses.push(`/apply/${closedJob}`, '/apply/no-such-job', '/no-such-page', '/index.html');

    pagesDir = mkdtempSync(path.join(os.tmpdir(), 'careers-vnu-'));
    for (const [index, address] of addresses.entries()) {
      const answer = await server.request('GET', address);
      expect(answer.headers.get('content-type'), address).toMatch(/^text\/html/);
      const file = `${String(index).padStart(2, '0')}.html`;
      writeFileSync(path.join(pagesDir, file), answer.bytes);
      pages.set(file, address);
    }

    const { stdout } = await promisify(execFile)(
      'java',
      ['-jar', vnuJar, '--format', 'json', '--stdout', '--exit-zero-always', '--no-langdetect', pagesDir],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    messages = (JSON.parse(stdout) as { messages: VnuMessage[] }).messages;
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    if (pagesDir) rmSync(pagesDir, { recursive: true, force: true });
  });

  it('is checked: the home page, a job page, each screen and the 404s', () => {
    const addresses = [...pages.values()];
    expect(addresses).toEqual(expect.arrayContaining(['/', '/about', '/contact', '/login', '/no-such-page']));
    expect(addresses.filter((address) => address.startsWith('/apply/')).length).toBe(3);
    // The checker read each file: a page it could not read is a non-document error, never silence.
    expect(messages.filter((message) => message.type === 'non-document-error')).toEqual([]);
  });

  it('passes the W3C Nu HTML Checker with no error', () => {
    const errors = messages
      .filter(
        (message) =>
          message.type === 'error' &&
          !cssMathWithCustomProperty.test(message.message) &&
          !cssCalcWithSpacingToken(message),
      )
      .map(
        (message) =>
          `${addressOf(message)} line ${message.lastLine}: ${message.message} [${message.extract}]`,
      );
    expect(errors).toEqual([]);
  });
});
