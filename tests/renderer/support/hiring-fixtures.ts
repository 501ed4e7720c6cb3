import { vi } from 'vitest';
import type {
  ApplicationDetail,
  ApplicationSummary,
} from '../../../src/shared/applications/application-contract';
import { createAppStore } from '../../../src/renderer/store/store';
import { restoreSession } from '../../../src/renderer/store/session-slice';
import type { Platform } from '../../../src/renderer/platform/platform';
import { fakeToken, inSeconds, jsonResponse, memoryPlatform } from './test-utils';

let counter = 0;

/** One row of the admin list, as the server sends it. */
export function applicationRow(overrides: Partial<ApplicationSummary> = {}): ApplicationSummary {
  counter += 1;
  return {
    _id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    name: `Applicant ${counter}`,
    email: `applicant${counter}@example.com`,
    phone: '01604 123456',
    number: '01604 123456',
    jobId: 'job-claims',
    jobTitle: 'Claims Handler',
    jobName: 'Claims Handler',
    applyDate: '2025-03-04T10:00:00.000Z',
    createdAt: '2025-03-04T10:00:00.000Z',
    hasResume: true,
    pdfFileSize: 2048,
    fileSize: 2048,
    duplicateOf: null,
    stage: 'new',
    stageChangedAt: '2025-03-04T10:00:00.000Z',
    ...overrides,
  };
}

export function applicationDetail(row: ApplicationSummary): ApplicationDetail {
  return {
    ...row,
    about: 'A cover letter.',
    answers: [],
    privacyNoticeVersion: null,
    privacyAcknowledgedAt: null,
    retentionHold: false,
    purgeAfter: '2025-09-04',
    interviewIfMinimumCriteriaMet: false,
    source: 'direct',
    referrerHost: null,
    heardAbout: null,
  };
}

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

type Handler = (call: RecordedCall) => Response | Promise<Response> | undefined;

/**
 * Stubs fetch with a small router over the API's paths: each call is recorded (method, path with
 * its query, JSON body), and the first handler that answers wins; anything else is a 404.
 */
export function stubApi(...handlers: Handler[]): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const url = new URL(request.url);
      const text = request.method === 'GET' ? '' : await request.clone().text();
      const call = {
        method: request.method,
        path: `${url.pathname.replace(/^\/api/, '')}${url.search}`,
        body: text ? JSON.parse(text) : undefined,
      };
      calls.push(call);
      for (const handler of handlers) {
        const answer = await handler(call);
        if (answer) return answer;
      }
      return jsonResponse(404, { message: 'Not found.' });
    }),
  );
  return calls;
}

/** A store with a signed-in administrator (the admin check is answered by the stubbed API). */
export async function adminStore(platform?: Platform) {
  const chosen =
    platform ??
    memoryPlatform(fakeToken({ email: 'ada@example.com', name: 'Ada', exp: inSeconds(3600) })).platform;
  const store = createAppStore(chosen);
  await store.dispatch(restoreSession());
  return store;
}

/** jsdom has no matchMedia; sweetalert2 asks it about colour scheme and motion. */
export function stubMatchMedia() {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  );
}
