import { describe, expect, it } from 'vitest';
import { describeAdminCallMatrix, matrix } from '../../support/admin-call-matrix';
import { sampleJob } from '../../support/test-server';

/** Every admin call on job posts, refused to every credential that is not an administrator's now. */
describeAdminCallMatrix([
  {
    name: 'POST /post',
    method: 'POST',
    path: () => '/post',
    body: () => sampleJob({ jobTitle: 'Injected by an intruder' }),
  },
  {
    name: 'PUT /post/:id',
    method: 'PUT',
    path: () => `/post/${matrix.jobId}`,
    body: () => ({ jobTitle: 'Defaced', ctc: '£0' }),
  },
  { name: 'DELETE /post/:id', method: 'DELETE', path: () => `/post/${matrix.jobId}` },
]);

describe('the same calls with a valid administrator token', () => {
  it('are answered (the refusals above are about the credential, not the calls)', async () => {
    const { server, adminToken: token, jobId } = matrix;
    expect((await server.api('PUT', `/post/${jobId}`, { token, body: { ctc: '£25,000' } })).status).toBe(200);
    const created = await server.api('POST', '/post', { token, body: sampleJob({ jobTitle: 'Second' }) });
    expect(created.status).toBe(201);
    expect((await server.api('DELETE', `/post/${created.body.insertedId}`, { token })).status).toBe(200);
  });
});
