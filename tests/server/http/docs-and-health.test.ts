import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerLog } from '../../support/answer-checks';
import { buildTestApp, type TestApp } from '../../support/build-app';

const { call, describeNoLeaks } = answerLog();

let server: TestApp;
beforeAll(async () => {
  server = await buildTestApp();
});
afterAll(async () => {
  await server?.stop();
});

describe('GET /api/docs and GET /api/health', () => {
  it('/api/docs is an OpenAPI 3.1 document listing every call of the API', async () => {
    const { status, body, headers } = await call(server, 'GET', '/api/docs');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^application\/json/);
    expect(body.openapi).toMatch(/^3\.1/);
    expect(body.info.title).toEqual(expect.any(String));
    expect(body.servers).toEqual([{ url: '/api' }]);

    const expected: [string, string][] = [
      ['/login', 'post'],
      ['/register', 'post'],
      ['/admin/{email}', 'get'],
      ['/all', 'get'],
      ['/single/{id}', 'get'],
      ['/post', 'post'],
      ['/post/{id}', 'put'],
      ['/post/{id}', 'delete'],
      ['/applications', 'post'],
      ['/applications', 'get'],
      ['/applications/{id}', 'get'],
      ['/applications/{id}', 'delete'],
      ['/applications/{id}/pdf', 'get'],
      ['/applications/{id}/cv', 'get'],
      ['/email/sendEmail', 'post'],
      ['/health', 'get'],
    ];
    for (const [pathname, method] of expected) {
      expect(body.paths[pathname]?.[method], `${method.toUpperCase()} ${pathname}`).toBeDefined();
    }
    // Paths are relative to the /api server, not doubled.
    expect(Object.keys(body.paths).filter((p) => p.startsWith('/api'))).toEqual([]);
    expect(body.paths['/docs']).toBeUndefined();

    // Admin calls declare the bearer scheme; the request bodies come from the shared schemas.
    expect(body.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    const adminOperations: [string, string][] = [
      ['/post', 'post'],
      ['/post/{id}', 'put'],
      ['/post/{id}', 'delete'],
      ['/applications', 'get'],
      ['/applications/{id}', 'get'],
      ['/applications/{id}', 'delete'],
      ['/applications/{id}/pdf', 'get'],
      ['/applications/{id}/cv', 'get'],
    ];
    for (const [pathname, method] of adminOperations) {
      expect(body.paths[pathname][method].security, `${method} ${pathname}`).toEqual([{ bearer: [] }]);
    }
    const loginBody = body.paths['/login'].post.requestBody.content['application/json'].schema;
    expect(loginBody.required).toEqual(expect.arrayContaining(['email', 'password']));
    expect(Object.keys(body.paths['/register'].post.responses)).toEqual(
      expect.arrayContaining(['201', '400', '409', '429']),
    );
  });

  it('/api/health answers ok with the storage and mail in use', async () => {
    const { status, body } = await call(server, 'GET', '/api/health');
    expect(status).toBe(200);
    expect(body).toEqual({
      status: 'ok',
      database: server.databaseUrl ? 'postgres' : 'pglite',
      mail: expect.any(String),
    });
  });
});

describeNoLeaks(1);
