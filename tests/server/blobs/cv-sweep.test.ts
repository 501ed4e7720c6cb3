import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfOfSize, toDataUrl, validPdf } from '../../support/pdf-fixtures';
import { sampleJob, startTestServer, type TestServer } from '../../support/test-server';
import { BLOB_READ_CHUNK } from '../../../src/server/blobs/blob-store';
import { createFileBlobStore } from '../../../src/server/blobs/file-blob-store';
import { createPostgresBlobStore } from '../../../src/server/blobs/postgres-blob-store';

/**
 * The sweep of CV files no row points to (blobs/file-blob-store.ts) runs while applications may
 * be stored: it must never take the file of an application that is, or is about to be, answered
 * 201, nor the temporary file of one being written. CVs are files only with PGlite; with
 * PostgreSQL they are rows written with the application, and there is nothing to race.
 */

let server: TestServer;
let token: string;
let jobId: string;
let counter = 0;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.adminToken();
  jobId = (await server.api('POST', '/post', { token, body: sampleJob() })).body.insertedId as string;
});
afterAll(async () => {
  await server?.stop();
});

const files = () => server.context.blobs.kind === 'files';
const sweep = (referencedKeys = () => server.context.applications.cvKeys()) =>
  server.context.blobs.sweep(referencedKeys);

const apply = async (cv: Buffer) => {
  counter++;
  const answer = await server.api('POST', '/applications', {
    body: {
      name: `Sweep Applicant ${counter}`,
      email: `sweep.${counter}@example.com`,
      phone: '07700 900123',
      pdfFile: toDataUrl(cv),
      about: 'Careful with files.',
      jobId,
    },
  });
  return answer;
};

/** Whether an administrator downloads exactly `cv` as the application's CV. */
const keeps = async (id: string, cv: Buffer) => {
  const answer = await server.api('GET', `/applications/${id}/pdf?purpose=download`, { token });
  return (
    answer.status === 200 && Buffer.from((answer.body.pdfFile as string).split(',')[1]!, 'base64').equals(cv)
  );
};

describe('the sweep of orphaned CV files', () => {
  it('keeps the CV of an application committed after the sweep read which CVs are in use', async ({
    skip,
  }) => {
    if (!files()) skip('CVs are stored in PostgreSQL');
    const cv = await validPdf('Committed During The Sweep');
    let id: string | undefined;
    await sweep(async () => {
      const inUse = await server.context.applications.cvKeys();
      // An application is stored and answered between the sweep's look at the rows and its removals.
      const answer = await apply(cv);
      expect(answer.status).toBe(201);
      id = answer.body.insertedId as string;
      return inUse;
    });
    expect(await keeps(id!, cv)).toBe(true);
    // And a later sweep, with the row in place, keeps it too.
    await sweep();
    expect(await keeps(id!, cv)).toBe(true);
  });

  it('breaks no upload being written while sweeps run, and each CV stays stored', async ({ skip }) => {
    if (!files()) skip('CVs are stored in PostgreSQL');
    const cv = await pdfOfSize(2 * 1024 * 1024);
    let sweeping = true;
    let sweeps = 0;
    const sweeper = (async () => {
      while (sweeping) {
        await sweep();
        sweeps++;
      }
    })();
    const ids: string[] = [];
    try {
      for (let i = 0; i < 8; i++) {
        const answer = await apply(cv);
        expect(answer.status, JSON.stringify(answer.body)).toBe(201);
        ids.push(answer.body.insertedId as string);
      }
    } finally {
      sweeping = false;
      await sweeper;
    }
    expect(sweeps).toBeGreaterThan(8);
    for (const id of ids) expect(await keeps(id, cv)).toBe(true);
    // Nothing half-written is left behind.
    expect(readdirSync(path.join(server.dataDir, 'cvs')).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});

/**
 * Both stores, whichever the server runs on: the PostgreSQL one on this test's database (PGlite
 * or PostgreSQL), the file one in a folder of its own.
 */
describe('a blob read a piece at a time', () => {
  const stores = ['files', 'postgres'] as const;

  it.each(stores)(
    'the %s store streams a blob of several pieces byte for byte, and finds a missing one missing',
    async (kind) => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'careers-blobs-'));
      const { db } = server.context.database;
      const store = kind === 'files' ? createFileBlobStore(dir, db) : createPostgresBlobStore(db);
      const key = randomUUID();
      const bytes = randomBytes(BLOB_READ_CHUNK * 2 + 1234);
      await store.store(key, bytes, async () => undefined);
      try {
        const opened = await store.open(key);
        expect(opened?.size).toBe(bytes.length);
        expect((await buffer(opened!.stream())).equals(bytes)).toBe(true);
        const missing = randomUUID();
        expect(await store.open(missing)).toBeUndefined();
        expect(await store.get(missing)).toBeUndefined();
        // Removed once opened: the file store reads the file it opened, the PostgreSQL store ends
        // the stream with an error; neither gives a short answer.
        const reopened = await store.open(key);
        await store.remove(async () => key);
        const read = buffer(reopened!.stream());
        if (kind === 'files') expect((await read).equals(bytes)).toBe(true);
        else await expect(read).rejects.toThrow(/removed while it was read/);
      } finally {
        await store.remove(async () => key);
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
