import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReportsPage } from '../../../../src/renderer/features/reports/reports-page';
import { createDesktopPlatform } from '../../../../src/renderer/desktop/desktop-platform';
import type { DesktopBridge } from '../../../../src/shared/desktop/desktop-bridge';
import type { Platform } from '../../../../src/renderer/platform/platform';
import {
  FEWER_THAN_MIN,
  reportFunnelSteps,
  type Reports,
} from '../../../../src/shared/reports/reports-contract';
import { stubApi } from '../../support/hiring-fixtures';
import { fakeToken, inSeconds, jsonResponse, memoryPlatform, renderScreen } from '../../support/test-utils';

/** The reports screen's rules (docs/behaviour.md#reports): every figure in a table, withheld ones in words. */
const JOB_ID = '0b7f3c1e-3f5e-4a8e-9a61-2f3c4d5e6f70';
const counts = [40, 30, 12, 8, 5, null] as const;
const conversions = [null, 0.75, 0.4, 0.67, 0.63, null] as const;
const REPORTS: Reports = {
  filters: { from: '2025-11-30', to: '2026-11-29' },
  funnel: {
    overall: {
      key: 'all',
      label: 'All applications',
      steps: reportFunnelSteps.map((step, index) => ({
        step,
        count: counts[index]!,
        conversion: conversions[index]!,
      })),
    },
    byDepartment: [],
    byJob: [],
  },
  timeToHire: [{ month: '2026-03', count: null, median: null, p90: null }],
  timeInStage: [{ stage: 'new', months: [{ month: '2026-03', count: 9, median: 2.5, p90: 6 }] }],
  bySource: [{ source: 'direct', label: 'Direct', applications: 22, interviews: 6, hires: null }],
  offers: { made: 5, accepted: null, acceptance: null },
};
const CHOICES = {
  jobs: [{ id: JOB_ID, title: 'Claims Handler' }],
  departments: [{ slug: 'claims', name: 'Claims' }],
  sources: [{ source: 'direct', label: 'Direct' }],
};

function stubReports(reports: Reports = REPORTS) {
  return stubApi((call) => {
    if (call.path.startsWith('/reports/choices')) return jsonResponse(200, CHOICES);
    if (call.path.startsWith('/reports/csv'))
      return new Response(`step,count\nhired,${FEWER_THAN_MIN}\n`, {
        status: 200,
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="hiring-funnel-2025-11-30-to-2026-11-29.csv"',
        },
      });
    if (call.path.startsWith('/reports')) return jsonResponse(200, reports);
    return undefined;
  });
}

const adminPlatform = () =>
  memoryPlatform(fakeToken({ email: 'ada@example.com', name: 'Ada', exp: inSeconds(3600) })).platform;

const renderReports = (route = '/dashboard/reports', platform: Platform = adminPlatform()) =>
  renderScreen(<ReportsPage />, { route, path: '/dashboard/reports', platform });

// jsdom lays nothing out; the charts measure their axis labels' text to wrap them.
const svg = SVGElement.prototype as SVGElement & {
  getComputedTextLength?: () => number;
  getBBox?: () => DOMRect;
};
svg.getComputedTextLength ??= () => 0;
svg.getBBox ??= () => new DOMRect();

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the reports screen', () => {
  it('shows each figure in its table, and a withheld one as "fewer than 5" in the table and under the chart', async () => {
    stubReports();
    renderReports();
    const funnel = await screen.findByRole('table', { name: 'Funnel by department' });
    const all = within(funnel).getByRole('row', { name: /All applications/ });
    const cells = within(all).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      '40',
      '3075% of the step before',
      '1240% of the step before',
      '867% of the step before',
      '563% of the step before',
      FEWER_THAN_MIN,
    ]);
    const hire = screen.getByRole('table', { name: 'Time to hire by month' });
    expect(within(hire).getByRole('row', { name: /March 2026/ })).toHaveTextContent(
      `March 2026${FEWER_THAN_MIN}${FEWER_THAN_MIN}${FEWER_THAN_MIN}`,
    );
    expect(
      within(screen.getByRole('table', { name: 'Time in each stage by month' })).getByRole('row', {
        name: /March 2026/,
      }),
    ).toHaveTextContent('NewMarch 202692.5 days6 days');
    expect(
      within(screen.getByRole('table', { name: /by source/ })).getByRole('row', { name: /Direct/ }),
    ).toHaveTextContent(`Direct226${FEWER_THAN_MIN}`);
    expect(
      within(screen.getByRole('table', { name: 'Offers made and accepted' })).getAllByRole('row')[1],
    ).toHaveTextContent(`5${FEWER_THAN_MIN}${FEWER_THAN_MIN}`);
    expect(screen.getByText('Showing 30 November 2025 to 29 November 2026.')).toBeInTheDocument();

    // The charts are for the eye alone; each names its withheld figures in words.
    const charts = screen.getAllByTestId('report-chart');
    expect(charts).toHaveLength(6);
    for (const chart of charts) expect(chart).toHaveAttribute('aria-hidden', 'true');
    expect(charts[0]).toHaveTextContent(`Not drawn, ${FEWER_THAN_MIN}: Hired.`);
    expect(charts[1]).toHaveTextContent(
      `Not drawn, ${FEWER_THAN_MIN}: March 2026 (Median); March 2026 (90th percentile).`,
    );
    expect(charts[4]).toHaveTextContent(`Not drawn, ${FEWER_THAN_MIN}: Direct (Hires).`);
    expect(charts[5]).toHaveTextContent(`Not drawn, ${FEWER_THAN_MIN}: Offers (Accepted).`);
  });

  it('puts the filters in the address and asks for the figures with them', async () => {
    const user = userEvent.setup();
    const calls = stubReports();
    renderReports(`/dashboard/reports?from=2026-01-01&to=2026-06-30`);
    await screen.findByRole('table', { name: 'Funnel by department' });
    expect(calls.map((call) => call.path)).toContain('/reports?from=2026-01-01&to=2026-06-30');
    expect(screen.getByLabelText('From')).toHaveValue('2026-01-01');

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Job' }), 'Claims Handler');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveAttribute(
        'data-search',
        `?from=2026-01-01&to=2026-06-30&jobId=${JOB_ID}`,
      ),
    );
    await waitFor(() =>
      expect(calls.map((call) => call.path)).toContain(
        `/reports?from=2026-01-01&to=2026-06-30&jobId=${JOB_ID}`,
      ),
    );

    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-03-01');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveAttribute(
        'data-search',
        `?from=2026-03-01&to=2026-06-30&jobId=${JOB_ID}`,
      ),
    );

    // A start after the end is refused on the spot and changes nothing.
    await user.clear(from);
    await user.type(from, '2026-08-01');
    await user.tab();
    expect(screen.getByText('The start date must be on or before the end date.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveAttribute(
      'data-search',
      `?from=2026-03-01&to=2026-06-30&jobId=${JOB_ID}`,
    );
  });

  it('says so when nothing has been recorded for the filters', async () => {
    stubReports({
      ...REPORTS,
      funnel: {
        ...REPORTS.funnel,
        overall: {
          ...REPORTS.funnel.overall,
          steps: reportFunnelSteps.map((step) => ({ step, count: 0, conversion: null })),
        },
      },
      timeToHire: [],
      timeInStage: [],
      bySource: [],
      offers: { made: 0, accepted: 0, acceptance: null },
    });
    renderReports();
    expect(await screen.findByText('No hiring has been recorded for these filters yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('exports the CSV of the report for the same filters, and saves it through the platform', async () => {
    const user = userEvent.setup();
    const calls = stubReports();
    const platform = adminPlatform();
    renderReports('/dashboard/reports?source=direct', platform);
    await user.click(await screen.findByRole('button', { name: 'Export CSV: Hiring funnel' }));
    await waitFor(() => expect(platform.saveReportCsv).toHaveBeenCalled());
    expect(calls.map((call) => call.path)).toContain('/reports/csv?source=direct&report=funnel');
    const [fileName, bytes] = vi.mocked(platform.saveReportCsv).mock.calls[0]!;
    expect(fileName).toBe('hiring-funnel-2025-11-30-to-2026-11-29.csv');
    expect(new TextDecoder().decode(bytes)).toContain(FEWER_THAN_MIN);
    expect(await screen.findByText('Hiring funnel exported as CSV.')).toBeInTheDocument();
  });

  it('in the console, saves the CSV through the native Save dialog of the preload', async () => {
    const user = userEvent.setup();
    stubReports();
    const token = fakeToken({ email: 'ada@example.com', name: 'Ada', exp: inSeconds(3600) });
    const saveReportCsv = vi.fn(async (_fileName: string, _csv: Uint8Array) => 'saved' as const);
    const bridge = {
      getSettings: async () => ({ apiServerUrl: 'http://localhost' }),
      tokenStorage: async () => 'keychain' as const,
      getUpdateStatus: async () => ({ state: 'none' as const }),
      onUpdateReady: () => () => undefined,
      getToken: async () => token,
      saveReportCsv,
    } as unknown as DesktopBridge;
    renderReports('/dashboard/reports', await createDesktopPlatform(bridge));
    await user.click(await screen.findByRole('button', { name: 'Export CSV: Offers' }));
    await waitFor(() => expect(saveReportCsv).toHaveBeenCalled());
    expect(saveReportCsv.mock.calls[0]![0]).toBe('hiring-funnel-2025-11-30-to-2026-11-29.csv');
  });
});
