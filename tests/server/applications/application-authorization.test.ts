import { describe, expect, it } from 'vitest';
import { bearer, describeAdminCallMatrix, matrix } from '../../support/admin-call-matrix';

/**
 * Every admin call on applications and their notes, refused to every credential that is not an
 * administrator's now.
 */
describeAdminCallMatrix([
  { name: 'GET /applications', method: 'GET', path: () => '/applications' },
  { name: 'GET /applications/:id', method: 'GET', path: () => `/applications/${matrix.applicationId}` },
  {
    name: 'GET /applications/:id/pdf',
    method: 'GET',
    path: () => `/applications/${matrix.applicationId}/pdf`,
  },
  {
    name: 'GET /applications/:id/cv',
    method: 'GET',
    path: () => `/applications/${matrix.applicationId}/cv`,
  },
  {
    name: 'DELETE /applications/:id',
    method: 'DELETE',
    path: () => `/applications/${matrix.applicationId}`,
  },
  {
    name: 'GET /applications/:id/notes',
    method: 'GET',
    path: () => `/applications/${matrix.applicationId}/notes`,
  },
  {
    name: 'POST /applications/:id/notes',
    method: 'POST',
    path: () => `/applications/${matrix.applicationId}/notes`,
    body: () => ({ body: 'Injected note' }),
  },
]);

describe('the same calls with a valid administrator token', () => {
  it('are answered (the refusals above are about the credential, not the calls)', async () => {
    const { server, adminToken: token, applicationId } = matrix;
    const get = await server.api('GET', `/applications/${applicationId}`, { token });
    expect(get.status).toBe(200);
    const cv = await server.request('GET', `/api/applications/${applicationId}/cv`, {
      headers: bearer(token),
    });
    expect(cv.status).toBe(200);
    expect(cv.headers.get('content-type')).toBe('application/pdf');
    const notes = await server.api('POST', `/applications/${applicationId}/notes`, {
      token,
      body: { body: 'A note by the administrator' },
    });
    expect(notes.status).toBe(201);
    expect((await server.api('DELETE', `/applications/${applicationId}`, { token })).status).toBe(200);
    expect((await server.api('GET', `/applications/${applicationId}`, { token })).status).toBe(404);
  });
});
