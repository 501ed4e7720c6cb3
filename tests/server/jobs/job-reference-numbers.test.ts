import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobReferenceNumbers } from '../../../src/server/db/schema';
import { buildTestApp, type TestApp } from '../../support/build-app';
import { sampleJob } from '../../support/test-server';

/**
 * A job board knows each listing by a number that must never change once set (Indeed's
 * `referencenumber`, Adzuna's `id`): through the real API and the real feeds, a town removed
 * leaves the others' numbers as they were, and comes back with its own. The numbers are kept in
 * the database, so this runs on both engines.
 */

let server: TestApp;
let token: string;

beforeAll(async () => {
  server = await buildTestApp();
  token = await server.adminToken();
});
afterAll(async () => {
  await server?.stop();
});

const createJob = async (locations: string[]) => {
  const created = await server.api('POST', '/post', {
    token,
    body: sampleJob({ location: '', locations, workplaceType: 'on-site' }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.insertedId as string;
};

const setTowns = async (id: string, locations: string[]) => {
  const edited = await server.api('PUT', `/post/${id}`, { token, body: { locations } });
  expect(edited.status, JSON.stringify(edited.body)).toBe(200);
};

const parse = (text: string) => {
  const document = new JSDOM(text, { contentType: 'application/xml' }).window.document;
  expect(document.querySelector('parsererror')).toBeNull();
  return document;
};
const child = (element: Element, name: string) =>
  [...element.children].find((node) => node.tagName === name)?.textContent ?? null;

/** Each of the job's listings in both feeds, in feed order: Indeed's town and number, Adzuna's place and id. */
async function numbers(id: string) {
  const indeed = parse((await server.request('GET', '/feeds/indeed.xml')).bytes.toString());
  const adzuna = parse((await server.request('GET', '/feeds/adzuna.xml')).bytes.toString());
  const indeedEntries = [...indeed.getElementsByTagName('job')]
    .filter((entry) => child(entry, 'requisitionid') === id)
    .map((entry) => [child(entry, 'city'), child(entry, 'referencenumber')]);
  const adzunaEntries = [...adzuna.getElementsByTagName('job')]
    .filter((entry) => child(entry, 'url')!.includes(`/apply/${id}?`))
    .map((entry) => [child(entry, 'location')!.split(',')[0], child(entry, 'id')]);
  // One number per listing, the same in both feeds.
  expect(adzunaEntries).toEqual(indeedEntries);
  return indeedEntries;
}

describe("a job's reference numbers", () => {
  it('stay with their towns when a town is removed, and a town added back gets its own again', async () => {
    const id = await createJob(['Northampton', 'Leeds', 'Manchester']);
    expect(await numbers(id)).toEqual([
      ['Northampton', `${id}-1`],
      ['Leeds', `${id}-2`],
      ['Manchester', `${id}-3`],
    ]);

    await setTowns(id, ['Northampton', 'Manchester']);
    expect(await numbers(id)).toEqual([
      ['Northampton', `${id}-1`],
      ['Manchester', `${id}-3`],
    ]);

    // Back, in another place in the list and with other capitals: the same town, the same number.
    await setTowns(id, ['leeds', 'Northampton', 'Manchester']);
    expect(await numbers(id)).toEqual([
      ['leeds', `${id}-2`],
      ['Northampton', `${id}-1`],
      ['Manchester', `${id}-3`],
    ]);

    // A new town: the next number, never one given before.
    await setTowns(id, ['York', 'Manchester']);
    expect(await numbers(id)).toEqual([
      ['York', `${id}-4`],
      ['Manchester', `${id}-3`],
    ]);
  });

  it('of a job in one town: its id, kept for that town when others come and go', async () => {
    const id = await createJob(['Leeds']);
    expect(await numbers(id)).toEqual([['Leeds', id]]);
    await setTowns(id, ['Leeds', 'York']);
    expect(await numbers(id)).toEqual([
      ['Leeds', id],
      ['York', `${id}-2`],
    ]);
    await setTowns(id, ['York']);
    expect(await numbers(id)).toEqual([['York', `${id}-2`]]);
  });

  it('are given once when feeds are read at the same time, and go with the job', async () => {
    const id = await createJob(['Bristol', 'Bath', 'Swindon']);
    const [first, ...others] = await Promise.all([numbers(id), numbers(id), numbers(id), numbers(id)]);
    for (const other of others) expect(other).toEqual(first);
    const rows = () =>
      server.context.database.db.select().from(jobReferenceNumbers).where(eq(jobReferenceNumbers.jobId, id));
    expect((await rows()).map((row) => [row.place, row.reference]).sort()).toEqual([
      ['bath', `${id}-2`],
      ['bristol', `${id}-1`],
      ['swindon', `${id}-3`],
    ]);
    expect((await server.api('DELETE', `/post/${id}`, { token })).status).toBe(200);
    expect(await rows()).toEqual([]);
  });

  it('give two towns added at the same time a number each, and none to a job deleted meanwhile', async () => {
    const id = await createJob(['Leeds']);
    expect(await numbers(id)).toEqual([['Leeds', id]]);
    const { jobReferences } = server.context;
    const [withYork, withHull] = await Promise.all([
      jobReferences.numbers([{ jobId: id, places: ['leeds', 'york'] }]),
      jobReferences.numbers([{ jobId: id, places: ['leeds', 'hull'] }]),
    ]);
    expect(withYork(id, 'leeds')).toBe(id);
    expect([withYork(id, 'york'), withHull(id, 'hull')].sort()).toEqual([`${id}-2`, `${id}-3`]);

    // Listed from a list read before the job was deleted: numbered for that one answer, kept nowhere.
    const gone = randomUUID();
    const answer = await jobReferences.numbers([{ jobId: gone, places: ['leeds', 'york'] }]);
    expect(answer(gone, 'york')).toBe(`${gone}-2`);
    const kept = await server.context.database.db
      .select()
      .from(jobReferenceNumbers)
      .where(eq(jobReferenceNumbers.jobId, gone));
    expect(kept).toEqual([]);
  });
});
