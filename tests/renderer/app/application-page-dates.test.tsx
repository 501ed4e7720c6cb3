import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ApplicationPage } from '../../../src/renderer/app/pages/application-page';
import {
  adminStore,
  applicationDetail,
  applicationRow,
  stubApi,
  stubMatchMedia,
} from '../support/hiring-fixtures';
import { jsonResponse, renderScreen } from '../support/test-utils';

/**
 * Every date on the administrators' application screen is written UK style, in London time
 * (docs/behaviour.md#dates-and-sizes): no 07/02/2026 that one reader takes for July and another
 * for February.
 */

afterEach(() => vi.unstubAllGlobals());

// 23:30 UTC on 1 July is 00:30 on 2 July in London (summer time).
const LATE_EVENING = '2026-07-01T23:30:00.000Z';

describe('the dates on the application screen', () => {
  beforeEach(stubMatchMedia);

  it('writes the applied day, the notice, the retention day, a date answer, notes and activity UK style', async () => {
    const row = applicationRow({ name: 'Dana Day', applyDate: LATE_EVENING, createdAt: LATE_EVENING });
    stubApi((call) => {
      if (call.path === `/applications/${row._id}`)
        return jsonResponse(200, {
          ...applicationDetail(row),
          stage: 'reviewed',
          privacyNoticeVersion: '2026-01',
          privacyAcknowledgedAt: LATE_EVENING,
          purgeAfter: '2027-01-01',
          answers: [{ id: 'start', label: 'When could you start?', type: 'date', answer: '2026-09-14' }],
        });
      if (call.path.endsWith('/notes'))
        return jsonResponse(200, [
          {
            _id: 'note-1',
            applicationId: row._id,
            body: 'Phoned back.',
            authorEmail: 'ada@example.com',
            authorName: 'Ada',
            createdAt: LATE_EVENING,
          },
        ]);
      if (call.path.endsWith('/audit'))
        return jsonResponse(200, [
          {
            _id: 'audit-1',
            applicationId: row._id,
            action: 'view',
            detail: null,
            actorEmail: 'ada@example.com',
            createdAt: '2026-12-03T14:05:00.000Z',
          },
        ]);
      return undefined;
    });
    renderScreen(<ApplicationPage />, {
      store: await adminStore(),
      route: `/dashboard/application/${row._id}`,
      path: '/dashboard/application/:id',
    });

    await screen.findByRole('heading', { level: 1, name: 'Dana Day' });
    const information = screen.getByRole('region', { name: 'Applicant Information' });
    expect(within(information).getByText('2 July 2026')).toBeInTheDocument();
    expect(screen.getByText('14 September 2026')).toBeInTheDocument();
    expect(
      screen.getByText('Version 2026-01, shown before the applicant submitted on 2 July 2026'),
    ).toBeInTheDocument();
    expect(screen.getByText('Deleted automatically on 1 January 2027')).toBeInTheDocument();
    const note = (await screen.findByText('Phoned back.')).closest('li')!;
    expect(within(note).getByText('2 Jul 2026, 00:30')).toHaveAttribute('datetime', LATE_EVENING);
    // December is winter time: London is on UTC.
    expect(await screen.findByText('3 Dec 2026, 14:05')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/\d{2}\/\d{2}\/\d{4}/);
  });
});
