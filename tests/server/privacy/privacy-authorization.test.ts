import { describe, expect, it } from 'vitest';
import { APPLICANT, describeAdminCallMatrix, matrix } from '../../support/admin-call-matrix';

/**
 * Every admin call of the privacy tools (audit trail, retention hold, access request, erasure),
 * refused to every credential that is not an administrator's now.
 */
describeAdminCallMatrix([
  {
    name: 'GET /applications/:id/audit',
    method: 'GET',
    path: () => `/applications/${matrix.applicationId}/audit`,
  },
  {
    name: 'PUT /applications/:id/hold',
    method: 'PUT',
    path: () => `/applications/${matrix.applicationId}/hold`,
    body: () => ({ hold: true }),
  },
  {
    name: 'GET /applicants/:email/export',
    method: 'GET',
    path: () => `/applicants/${encodeURIComponent(APPLICANT.email)}/export`,
  },
  {
    name: 'DELETE /applicants/:email',
    method: 'DELETE',
    path: () => `/applicants/${encodeURIComponent(APPLICANT.email)}`,
  },
]);

describe('the same calls with a valid administrator token', () => {
  it('are answered (the refusals above are about the credential, not the calls)', async () => {
    const { server, adminToken: token, applicationId } = matrix;
    const subject = encodeURIComponent(APPLICANT.email);
    expect((await server.api('GET', `/applications/${applicationId}/audit`, { token })).status).toBe(200);
    const hold = await server.api('PUT', `/applications/${applicationId}/hold`, {
      token,
      body: { hold: true },
    });
    expect(hold.status).toBe(200);
    expect((await server.api('GET', `/applicants/${subject}/export`, { token })).status).toBe(200);
    expect((await server.api('DELETE', `/applicants/${subject}`, { token })).status).toBe(200);
    expect((await server.api('GET', `/applications/${applicationId}`, { token })).status).toBe(404);
  });
});
