import { NO_FACTS } from '../../../src/shared/jobs/job-facts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ApplicationCounts } from '../../../src/shared/applications/stage-contract';
import type { Job } from '../../../src/shared/jobs/job-contract';
import { DashboardPage } from '../../../src/renderer/app/pages/dashboard-page';
import { adminStore, applicationRow, stubApi } from '../support/hiring-fixtures';
import { jsonResponse, renderScreen } from '../support/test-utils';

afterEach(() => vi.unstubAllGlobals());

const job = (id: string, jobTitle: string): Job => ({
  _id: id,
  jobTitle,
  location: 'Northampton',
  hours: 'Full time',
  ctc: '£28,000',
  experience: '1 year',
  description: 'A job.',
  responsibilities: ['Help customers'],
  requirements: ['Calm on the phone'],
  questions: [],
  questionSetId: null,
  publishTime: '2025-03-01T10:00:00.000Z',
  closingDate: null,
  closed: false,
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-01T10:00:00.000Z',
  ...NO_FACTS,
});

const zero = {
  new: 0,
  reviewed: 0,
  shortlisted: 0,
  interview: 0,
  offer: 0,
  hired: 0,
  rejected: 0,
  withdrawn: 0,
};

describe('the dashboard’s pipeline', () => {
  it('shows each job’s interviews booked, scorecards still owed and overdue applications', async () => {
    const claims = job('job-claims', 'Claims Handler');
    const sales = job('job-sales', 'Sales Agent');
    const counts: ApplicationCounts = {
      total: 3,
      byStage: {
        new: 1,
        reviewed: 0,
        shortlisted: 0,
        interview: 2,
        offer: 0,
        hired: 0,
        rejected: 0,
        withdrawn: 0,
      },
      latestCreatedAt: '2025-03-04T10:00:00.000Z',
      jobs: [
        { jobId: claims._id, total: 2, byStage: { ...zero, interview: 2 } },
        { jobId: sales._id, total: 1, byStage: { ...zero, new: 1 } },
      ],
      interviews: [{ jobId: claims._id, booked: 2, scorecardsOwed: 1 }],
    };
    // The list of every application answers late (10,000 take a while): the pipeline does not wait for it.
    let answerList: (() => void) | undefined;
    const listAnswered = new Promise<void>((resolve) => (answerList = resolve));
    stubApi((call) => {
      if (call.path.startsWith('/admin/')) return jsonResponse(200, { admin: true, role: 'admin' });
      if (call.path.startsWith('/all')) return jsonResponse(200, [claims, sales]);
      if (call.path === '/applications/counts') return jsonResponse(200, counts);
      if (call.path === '/response-times/overdue')
        return jsonResponse(200, {
          applications: [
            {
              applicationId: 'a-1',
              jobId: claims._id,
              jobTitle: claims.jobTitle,
              stage: 'interview',
              dueOn: '2025-03-03',
              workingDaysOver: 1,
            },
          ],
        });
      if (call.path === '/applications') {
        return listAnswered
          .then(() => [
            applicationRow({ jobId: claims._id, stage: 'interview' }),
            applicationRow({ jobId: claims._id, stage: 'interview' }),
            applicationRow({ jobId: sales._id, stage: 'new' }),
          ])
          .then((rows) => jsonResponse(200, rows));
      }
      return undefined;
    });
    renderScreen(<DashboardPage />, { store: await adminStore(), route: '/dashboard' });

    const jobs = await screen.findByRole('list', { name: 'Open jobs' });
    const [claimsRow, salesRow] = within(jobs)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === jobs);
    expect(await within(claimsRow!).findByText('2 interviews booked · 1 scorecard owed')).toBeInTheDocument();
    expect(within(claimsRow!).getByRole('list', { name: 'Claims Handler by stage' })).toHaveTextContent(
      '2 Interview',
    );
    expect(within(salesRow!).getByRole('list', { name: 'Sales Agent by stage' })).toHaveTextContent('1 New');
    answerList!();
    // A job with neither says nothing about interviews.
    expect(salesRow).not.toHaveTextContent(/interview/i);
    // Overdue applications are counted in words on their job, and only there.
    expect(await within(claimsRow!).findByText('1 overdue')).toBeInTheDocument();
    expect(salesRow).not.toHaveTextContent(/overdue/i);
  });
});
