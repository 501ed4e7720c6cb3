import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../support/build-app';

/**
 * The OpenAPI document as the server serves it, through Redocly's own linter with its recommended
 * rules (what `redocly lint --extends recommended` runs), so a client generator gets a document it
 * can trust: every call says what security it takes and has a stable name (docs/testing.md).
 */

let server: TestApp;
let document: any;
let problems: NormalizedProblem[];

beforeAll(async () => {
  server = await buildTestApp();
  const answer = await server.api('GET', '/docs');
  expect(answer.status).toBe(200);
  document = answer.body;
  // A missing operationId is only a warning in the recommended set; here it fails like an error.
  const config = await createConfig({
    extends: ['recommended'],
    rules: { 'operation-operationId': 'error' },
  });
  problems = await lintFromString({
    source: JSON.stringify(document, null, 2),
    absoluteRef: 'openapi.json',
    config,
  });
});
afterAll(async () => {
  await server?.stop();
});

const described = (list: NormalizedProblem[]) =>
  list.map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`);

/** Every operation, with the JSON pointer Redocly reports it at. */
const operations = () =>
  Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      name: `${method.toUpperCase()} ${path}`,
      pointer: `#/paths/${path.replaceAll('~', '~0').replaceAll('/', '~1')}/${method}/`,
      operation,
    })),
  );

describe("the OpenAPI document against Redocly's recommended rules", () => {
  it('has no error', () => {
    expect(described(problems.filter((problem) => problem.severity === 'error'))).toEqual([]);
  });

  it('names every call with a unique camelCase operationId', () => {
    const ids = operations().map(({ name, operation }) => [name, operation.operationId] as const);
    expect(ids.length).toBeGreaterThan(60);
    for (const [name, id] of ids) expect(id, name).toMatch(/^[a-z]+(?:[A-Z][a-z0-9]*)+$/);
    expect(new Set(ids.map(([, id]) => id)).size).toBe(ids.length);
  });

  it('says for every call what security it takes: none, the bearer token, or either', () => {
    const allowed = [[], [{ bearer: [] }], [{}, { bearer: [] }], [{ bearer: [] }, {}]].map((security) =>
      JSON.stringify(security),
    );
    for (const { name, operation } of operations())
      expect(allowed, `${name}: ${JSON.stringify(operation.security)}`).toContain(
        JSON.stringify(operation.security),
      );
    expect(document.paths['/all'].get.security).toEqual([{}, { bearer: [] }]);
    expect(document.paths['/applications'].post.security).toEqual([]);
    expect(document.paths['/applications'].get.security).toEqual([{ bearer: [] }]);
  });

  it('leaves only the warnings the product accepts', () => {
    const checks = operations().filter(({ operation }) => operation.tags?.includes('ops'));
    const accepted = (problem: NormalizedProblem) =>
      // The API is the company's own, published under no licence.
      problem.ruleId === 'info-license' ||
      // A liveness or readiness check answers 200 or 5xx: no request of the caller's can be wrong.
      (problem.ruleId === 'operation-4xx-response' &&
        checks.some(({ pointer }) => problem.location[0]?.pointer?.startsWith(pointer)));
    const warnings = problems.filter((problem) => problem.severity === 'warn' && !accepted(problem));
    expect(described(warnings)).toEqual([]);
  });
});
