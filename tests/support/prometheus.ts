import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server-process';

/**
 * A real Prometheus (Debian's `prometheus` package) started by a test: its own configuration,
 * storage folder and free port, scraping one target every second, queried through its HTTP API.
 */

/** The folder on PATH holding `prometheus` and `promtool`, if any. */
function onPath(program: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, program);
    if (dir && existsSync(candidate)) return candidate;
  }
  return undefined;
}

export const prometheusBinary = (): string | undefined => onPath('prometheus');
export const promtoolBinary = (): string | undefined => onPath('promtool');

/**
 * Fails in CI (where .ci/run installs the package) and warns elsewhere, when either program is
 * missing; answers whether both are there.
 */
export function prometheusInstalled(what: string): boolean {
  if (prometheusBinary() && promtoolBinary()) return true;
  const message = `${what} needs Prometheus (prometheus and promtool: apt-get install prometheus); not found on PATH.`;
  if (process.env.CI) throw new Error(message);
  console.warn(`${message} Skipped.`);
  return false;
}

/** `promtool` with `args`: its exit status and everything it printed. */
export function promtool(...args: string[]): { status: number | null; output: string } {
  const run = spawnSync(promtoolBinary()!, args, { encoding: 'utf8', timeout: 60_000 });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** Polls `check` until it answers true (usable in hooks, where expect.poll is not). */
export async function until(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface Sample {
  labels: Record<string, string>;
  value: number;
}

export interface RunningPrometheus {
  url: string;
  /** An instant query: each series with its latest value. */
  query(promql: string): Promise<Sample[]>;
  /** The one value `promql` gives now, undefined when it gives none. */
  value(promql: string): Promise<number | undefined>;
  /** Every loaded rule with its health ('ok', 'err', 'unknown' before its first evaluation). */
  rules(): Promise<Array<{ name: string; health: string; lastError?: string }>>;
  output(): string;
  stop(): Promise<void>;
}

export async function startPrometheus(options: {
  /** host:port of the server to scrape. */
  target: string;
  /** Sent as the bearer token of every scrape. */
  token: string;
  ruleFiles?: string[];
}): Promise<RunningPrometheus> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'careers-prometheus-'));
  const tokenFile = path.join(dir, 'token');
  writeFileSync(tokenFile, options.token, { mode: 0o600 });
  const config = path.join(dir, 'prometheus.yml');
  writeFileSync(
    config,
    JSON.stringify({
      global: { scrape_interval: '1s', scrape_timeout: '1s', evaluation_interval: '1s' },
      rule_files: (options.ruleFiles ?? []).map((file) => path.resolve(file)),
      scrape_configs: [
        {
          job_name: 'careers',
          metrics_path: '/metrics',
          authorization: { type: 'Bearer', credentials_file: tokenFile },
          static_configs: [{ targets: [options.target] }],
        },
      ],
    }),
  );
  const port = await freePort();
  let output = '';
  const child: ChildProcess = spawn(
    prometheusBinary()!,
    [
      `--config.file=${config}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--storage.tsdb.retention.time=1h',
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const api = async <T>(pathname: string): Promise<T> => {
    const response = await fetch(`${url}${pathname}`);
    const body = (await response.json()) as { status: string; data: T; error?: string };
    if (body.status !== 'success') throw new Error(`Prometheus: ${body.error ?? response.status}`);
    return body.data;
  };

  try {
    await until('Prometheus to be ready', async () => {
      if (child.exitCode !== null) throw new Error(`prometheus exited: ${output}`);
      return fetch(`${url}/-/ready`).then(
        (response) => response.status === 200,
        () => false,
      );
    });
  } catch (error) {
    await stop();
    throw error;
  }

  const query = async (promql: string) => {
    const data = await api<{ result: Array<{ metric: Record<string, string>; value: [number, string] }> }>(
      `/api/v1/query?query=${encodeURIComponent(promql)}`,
    );
    return data.result.map((series) => ({ labels: series.metric, value: Number(series.value[1]) }));
  };

  return {
    url,
    query,
    async value(promql) {
      const samples = await query(promql);
      if (samples.length > 1) throw new Error(`${promql} gives ${samples.length} series, not one`);
      return samples[0]?.value;
    },
    async rules() {
      const data = await api<{
        groups: Array<{ rules: Array<{ name: string; health: string; lastError?: string }> }>;
      }>('/api/v1/rules');
      return data.groups.flatMap((group) =>
        group.rules.map(({ name, health, lastError }) => ({ name, health, lastError })),
      );
    },
    output: () => output,
    stop,
  };
}
