import { describe, expect, it } from 'vitest';
import type { RequestCall } from './test-server';

/** What a test calls: a built app (through inject) or a test server (over its socket). */
export interface Callable {
  request: RequestCall;
}

export interface CallAnswer {
  status: number;
  headers: Headers;
  /** Parsed JSON, else the text. */
  body: any;
  text: string;
}

/** An error answer: the status, JSON `{ message }` (validation errors may add `errors`), and nothing internal. */
export function expectJsonError(
  answer: { status: number; headers: Headers; body: any },
  status: number,
  message?: string,
) {
  expect(answer.status).toBe(status);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  expect(answer.body).toEqual(
    expect.objectContaining({ message: message === undefined ? expect.any(String) : message }),
  );
  expect(Object.keys(answer.body).filter((key) => key !== 'message' && key !== 'errors')).toEqual([]);
}

/**
 * Calls that keep every answer they receive, for the check that ends each file using them: no
 * answer, whatever was sent, may carry a stack trace, an internal error name or a server path.
 */
export function answerLog() {
  const answers: { label: string; status: number; text: string }[] = [];

  async function call(
    target: Callable,
    method: string,
    pathname: string,
    init: { body?: string; headers?: Record<string, string>; token?: string } = {},
  ): Promise<CallAnswer> {
    const answer = await target.request(method, pathname, init);
    const text = answer.bytes.toString('utf8');
    answers.push({ label: `${method} ${pathname}`, status: answer.status, text });
    let body: any;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    return { status: answer.status, headers: answer.headers, body, text };
  }

  /** The closing check; `moreThan` is fewer answers than the file's tests certainly received. */
  function describeNoLeaks(moreThan: number) {
    describe('no answer leaks internals', () => {
      it('no body received above holds a stack frame, an error name or a server path', () => {
        expect(answers.length).toBeGreaterThan(moreThan);
        for (const { label, status, text } of answers) {
          expect(status, `${label} answered ${status}`).toBeLessThan(500);
          expect(text, label).not.toMatch(/\bat .+:\d+:\d+/);
          expect(text, label).not.toMatch(/\n\s+at /);
          expect(text, label).not.toContain('Error:');
          expect(text, label).not.toContain('node_modules');
          expect(text, label).not.toContain('FST_');
          expect(text, label).not.toContain(process.cwd());
        }
      });
    });
  }

  return { call, describeNoLeaks };
}

export const login = (email: string, password: string) => JSON.stringify({ email, password });

/** A 429 with the message and a Retry-After of whole seconds within the minute. */
export function expect429(answer: { status: number; headers: Headers; body: any }, message: string) {
  expectJsonError(answer, 429, message);
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

/**
 * Client addresses for rate-limit tests behind a trusted proxy (`TRUST_PROXY=1`): each call of
 * `newIp` is a client never seen before, and `from` the header the proxy would add for it.
 */
export function clientAddresses() {
  let counter = 0;
  return {
    newIp: () => `203.0.113.${++counter}`,
    from: (ip: string) => ({ 'x-forwarded-for': ip }),
  };
}
