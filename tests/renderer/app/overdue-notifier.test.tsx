import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import type { OverdueApplication } from '../../../src/shared/response-times/response-times-contract';
import { OverdueNotifier } from '../../../src/renderer/app/overdue-notifier';
import { COUNTS_POLLING_MS } from '../../../src/renderer/entities/application-admin-api';
import { adminStore, stubApi } from '../support/hiring-fixtures';
import { fakeToken, inSeconds, jsonResponse, memoryPlatform, renderScreen } from '../support/test-utils';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const overdue = (...ids: string[]): { applications: OverdueApplication[] } => ({
  applications: ids.map((applicationId) => ({
    applicationId,
    jobId: 'job-claims',
    jobTitle: 'Claims Handler',
    stage: 'new',
    dueOn: '2026-04-13',
    workingDaysOver: 1,
  })),
});

describe('overdue applications in the console', () => {
  it('raises one notification per batch newly overdue, none for those overdue when it opened', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const answers = [overdue('a'), overdue('a', 'b', 'c'), overdue('b', 'c'), overdue('c', 'd')];
    let served = 0;
    stubApi((call) => {
      if (call.path.startsWith('/admin/')) return jsonResponse(200, { admin: true });
      if (call.path === '/response-times/overdue')
        return jsonResponse(200, answers[Math.min(served++, answers.length - 1)]);
      return undefined;
    });
    const notify = vi.fn(async () => undefined);
    const { platform } = memoryPlatform(
      fakeToken({ email: 'ada@example.com', name: 'Ada', exp: inSeconds(3600) }),
    );
    platform.notifyOverdueApplications = notify;
    renderScreen(<OverdueNotifier />, { store: await adminStore(platform), route: '/settings' });

    const poll = async (ms = COUNTS_POLLING_MS) => {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(ms);
      });
    };
    await poll(100);
    expect(served).toBe(1);
    expect(notify).not.toHaveBeenCalled();
    await poll();
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenLastCalledWith(2);
    // One leaving the list raises nothing; a new one raises one more.
    await poll();
    expect(notify).toHaveBeenCalledTimes(1);
    await poll();
    expect(notify).toHaveBeenCalledTimes(2);
    expect(notify).toHaveBeenLastCalledWith(1);
  });
});
