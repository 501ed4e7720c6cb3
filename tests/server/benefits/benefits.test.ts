import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { benefits } from '../../../src/server/benefits/benefits-tables';
import { buildTestApp, type TestApp } from '../../support/build-app';
import { createAdmin, logIn } from '../../support/accounts';
import { fakeWebBuild, removeFakeWebBuild } from '../../support/web-template';

/** A domain added by its own folders and one line in the module list and each path table. */
let server: TestApp;
const webDir = fakeWebBuild();
beforeAll(async () => {
  server = await buildTestApp({ WEB_DIST_DIR: webDir }, { serveWeb: true });
}, 60_000);
afterAll(async () => {
  await server.stop();
  removeFakeWebBuild(webDir);
});

describe('benefits', () => {
  it('are added by an administrator, read by anyone, and forget their adder on erasure', async () => {
    const admin = await createAdmin(server, 'benefits');
    const token = await logIn(server, admin.email, admin.password);
    const body = { title: 'Private medical cover', detail: 'For you and your family.' };
    expect((await server.api('POST', '/benefits', { body })).status).toBe(401);
    const added = await server.api('POST', '/benefits', { token, body });
    expect(added.status).toBe(201);
    const listed = await server.api('GET', '/benefits');
    expect(listed.body).toEqual([{ id: added.body.insertedId, ...body }]);
    expect((await server.request('GET', '/benefits')).status).toBe(200);

    const erased = await server.api('DELETE', `/applicants/${encodeURIComponent(admin.email)}`, { token });
    expect(erased.status).toBe(200);
    const [row] = await server.context.database.db
      .select()
      .from(benefits)
      .where(eq(benefits.id, added.body.insertedId as string));
    expect(row!.addedByEmail).toBeNull();
  });
});
