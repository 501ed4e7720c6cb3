import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { prometheusInstalled, promtool } from '../../support/prometheus';
import { startTestServer, type TestServer } from '../../support/test-server';

/**
 * The example alert rules an operator copies (docs/alerts.yml) are valid Prometheus rules, fire
 * when they should and not otherwise (promtool's own unit tests, alert-rules.promtool.yml), and
 * name only series the server really exports.
 */

const RULES = 'docs/alerts.yml';
const TOKEN = 'metrics-token-for-the-tests-0123456789abcdef';
const installed = prometheusInstalled('The alert rules test');

describe.skipIf(!installed)('the example alert rules', () => {
  it('pass promtool check rules', () => {
    const { status, output } = promtool('check', 'rules', RULES);
    expect(output).toContain('SUCCESS: 5 rules found');
    expect(status, output).toBe(0);
  });

  it('fire on the series that should fire them, after their wait, and on no others', () => {
    const { status, output } = promtool('test', 'rules', 'tests/server/metrics/alert-rules.promtool.yml');
    expect(status, output).toBe(0);
    expect(output).toContain('SUCCESS');
  });
});

describe('the series the alert rules name', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => server?.stop());

  it('are all exported by the server', async () => {
    const rules = (
      parse(readFileSync(RULES, 'utf8')) as { groups: Array<{ rules: Array<{ expr: string }> }> }
    ).groups.flatMap((group) => group.rules);
    const named = new Set(rules.flatMap((rule) => rule.expr.match(/\b(careers|process|nodejs)_\w+/g) ?? []));
    expect(named.size).toBeGreaterThanOrEqual(5);

    const scrape = await server.request('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(scrape.status).toBe(200);
    const exported = new Set(
      [...scrape.bytes.toString().matchAll(/^# TYPE (\S+) (\S+)$/gm)].flatMap(([, name, type]) =>
        type === 'histogram' ? [`${name}_count`, `${name}_sum`, `${name}_bucket`] : [name!],
      ),
    );
    for (const name of named) expect(exported, name).toContain(name);
  });
});
