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

    // The answer's body is read on the real event loop, which fake timers do not move: each poll
    // lets it turn until the check holds, for up to five real seconds (a loaded machine reads
    // slowly), and then a little longer, so that a change that must not come has had its chance.
    // Each check names the answers served, so a poll never ends before its own answer came.
    const turn = () =>
      act(async () => {
        await new Promise((resolve) => setImmediate(resolve));
      });
    const poll = async (check: () => void, ms = COUNTS_POLLING_MS) => {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(ms);
      });
      const deadline = Date.now() + 5000;
      for (let held = 0; held < 20;) {
        await turn();
        try {
          check();
          held++;
        } catch (error) {
          if (Date.now() > deadline) throw error;
          held = 0;
        }
      }
    };
    await poll(() => {
      expect(served).toBe(1);
      expect(notify).not.toHaveBeenCalled();
    }, 100);
    await poll(() => {
      expect(served).toBe(2);
      expect(notify).toHaveBeenCalledTimes(1);
      expect(notify).toHaveBeenLastCalledWith(2);
    });
    // One leaving the list raises nothing; a new one raises one more.
    await poll(() => {
      expect(served).toBe(3);
      expect(notify).toHaveBeenCalledTimes(1);
    });
    await poll(() => {
      expect(served).toBe(4);
      expect(notify).toHaveBeenCalledTimes(2);
      expect(notify).toHaveBeenLastCalledWith(1);
    });
  });
});
