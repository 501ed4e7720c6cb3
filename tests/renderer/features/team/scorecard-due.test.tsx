import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TeamInterviewRow } from '../../../../src/shared/team/team-contract';
import { TeamHomePage } from '../../../../src/renderer/features/team/team-home-page';
import { adminStore, stubApi } from '../../support/hiring-fixtures';
import { fakeToken, inSeconds, jsonResponse, memoryPlatform, renderScreen } from '../../support/test-utils';

afterEach(() => vi.unstubAllGlobals());

const JOB_ID = '00000000-0000-4000-8000-00000000b201';
const summary = (id: string, name: string, interviewStartsAt?: string): TeamInterviewRow => ({
  _id: `00000000-0000-4000-8000-0000000a${id}`,
  jobId: JOB_ID,
  jobTitle: 'Claims Handler',
  name,
  stage: 'interview',
  stageChangedAt: '2025-03-04T10:00:00.000Z',
  createdAt: '2025-03-04T10:00:00.000Z',
  hasResume: true,
  ...(interviewStartsAt ? { interviewStartsAt } : {}),
  scoredAt: null,
});

describe("an interviewer's list in the desktop console", () => {
  it('raises one native notification per application whose interview has started, and marks it', async () => {
    const started = summary('0201', 'Nina Started', new Date(Date.now() - 60_000).toISOString());
    const coming = summary('0202', 'Omar Coming', new Date(Date.now() + 3 * 3600_000).toISOString());
    const unbooked = summary('0203', 'Pat Unbooked');
    stubApi((call) => {
      if (call.path.startsWith('/admin/')) return jsonResponse(200, { admin: false, role: 'interviewer' });
      if (call.path === '/team/interviews') return jsonResponse(200, [started, coming, unbooked]);
      return undefined;
    });
    const { platform } = memoryPlatform(
      fakeToken({ email: 'ivan@example.com', name: 'Ivan', exp: inSeconds(3600) }),
    );
    const notify = vi.fn(async () => undefined);
    platform.notifyScorecardDue = notify;
    const store = await adminStore(platform);

    const first = renderScreen(<TeamHomePage />, { store, route: '/team' });
    const list = await screen.findByRole('list', { name: 'To interview' });
    const row = (name: string) => within(list).getByRole('link', { name }).closest('li')!;
    expect(row('Nina Started')).toHaveTextContent('Scorecard due');
    expect(row('Omar Coming')).not.toHaveTextContent('Scorecard due');
    expect(row('Pat Unbooked')).not.toHaveTextContent('Scorecard due');
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith('Claims Handler');

    // Shown again (another visit to the list), the same application is not notified twice.
    first.unmount();
    renderScreen(<TeamHomePage />, { store, route: '/team' });
    await screen.findByRole('list', { name: 'To interview' });
    expect(notify).toHaveBeenCalledTimes(1);
  });

  it('does the same for a hiring manager who interviews, under their jobs', async () => {
    const started = summary('0211', 'Rita Started', new Date(Date.now() - 60_000).toISOString());
    stubApi((call) => {
      if (call.path.startsWith('/admin/')) return jsonResponse(200, { admin: false, role: 'hiring-manager' });
      if (call.path === '/team/jobs') return jsonResponse(200, []);
      if (call.path === '/team/interviews') return jsonResponse(200, [started]);
      return undefined;
    });
    const { platform } = memoryPlatform(
      fakeToken({ email: 'maya@example.com', name: 'Maya', exp: inSeconds(3600) }),
    );
    const notify = vi.fn(async () => undefined);
    platform.notifyScorecardDue = notify;
    renderScreen(<TeamHomePage />, { store: await adminStore(platform), route: '/team' });
    const list = await screen.findByRole('list', { name: 'To interview' });
    expect(within(list).getByRole('link', { name: 'Rita Started' }).closest('li')).toHaveTextContent(
      'Scorecard due',
    );
    expect(notify).toHaveBeenCalledWith('Claims Handler');
  });
});
