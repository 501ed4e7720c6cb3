import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../support/build-app';
import { sampleJob } from '../../support/test-server';
import { departmentMessages } from '../../../src/shared/jobs/department-contract';

let server: TestApp;
let token: string;
beforeAll(async () => {
  server = await buildTestApp();
  token = await server.adminToken();
});
afterAll(async () => {
  await server?.stop();
});

const addDepartment = (name: string) => server.api('POST', '/departments', { token, body: { name } });

describe('departments', () => {
  it('are added with a slug from the name, listed by name with their job counts, and named on their jobs', async () => {
    const claims = await addDepartment('Claims & Recoveries');
    expect(claims.status).toBe(201);
    expect((await addDepartment('Actuarial')).status).toBe(201);
    const job = await server.api('POST', '/post', {
      token,
      body: sampleJob({ departmentId: claims.body.insertedId }),
    });
    expect(job.status).toBe(201);

    const list = await server.api('GET', '/departments', { token });
    expect(list.body).toEqual([
      { _id: expect.any(String), name: 'Actuarial', slug: 'actuarial', jobCount: 0 },
      { _id: claims.body.insertedId, name: 'Claims & Recoveries', slug: 'claims-recoveries', jobCount: 1 },
    ]);
    const publicJob = await server.api('GET', `/single/${job.body.insertedId}`);
    expect(publicJob.body.department).toEqual({
      _id: claims.body.insertedId,
      name: 'Claims & Recoveries',
      slug: 'claims-recoveries',
    });
  });

  it('refuses a second department of the same name, whatever its case', async () => {
    expect((await addDepartment('Marketing')).status).toBe(201);
    const again = await addDepartment('  marketing ');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(departmentMessages.nameTaken);
  });

  it('a rename keeps the slug, so filter links keep working, and the jobs show the new name at once', async () => {
    const id = (await addDepartment('Sales')).body.insertedId;
    const job = (await server.api('POST', '/post', { token, body: sampleJob({ departmentId: id }) })).body
      .insertedId;
    await server.api('GET', '/all'); // the open jobs are cached now
    const renamed = await server.api('PUT', `/departments/${id}`, {
      token,
      body: { name: 'Sales and Renewals' },
    });
    expect(renamed.status).toBe(200);
    const listed = (await server.api('GET', '/all')).body.find((entry: { _id: string }) => entry._id === job);
    expect(listed.department).toEqual({ _id: id, name: 'Sales and Renewals', slug: 'sales' });
  });

  it('a department whose name is taken by another keeps its own on a rename', async () => {
    const id = (await addDepartment('Legal')).body.insertedId;
    const refused = await server.api('PUT', `/departments/${id}`, { token, body: { name: 'Marketing' } });
    expect(refused.status).toBe(409);
    const list = await server.api('GET', '/departments', { token });
    expect(list.body.find((entry: { _id: string }) => entry._id === id).name).toBe('Legal');
  });

  it('is deleted only when no job names it', async () => {
    const id = (await addDepartment('Finance')).body.insertedId;
    const job = (await server.api('POST', '/post', { token, body: sampleJob({ departmentId: id }) })).body
      .insertedId;
    const refused = await server.api('DELETE', `/departments/${id}`, { token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(departmentMessages.inUse(1));
    expect((await server.api('GET', `/single/${job}`)).body.department.name).toBe('Finance');

    await server.api('PUT', `/post/${job}`, { token, body: { departmentId: null } });
    expect((await server.api('DELETE', `/departments/${id}`, { token })).status).toBe(200);
    expect((await server.api('DELETE', `/departments/${id}`, { token })).status).toBe(404);
  });

  it('refuses a blank name, naming the field', async () => {
    const refused = await addDepartment('   ');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Department name is required.');
  });

  it('are kept by administrators only', async () => {
    expect((await server.api('GET', '/departments')).status).toBe(401);
    expect((await server.api('POST', '/departments', { body: { name: 'Anyone' } })).status).toBe(401);
  });
});
