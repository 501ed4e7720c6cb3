import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TalentPoolJoinPage } from '../../../../src/renderer/features/talent-pool/talent-pool-join-page';
import { MyApplicationPage } from '../../../../src/renderer/features/my-application/my-application-page';
import { MyTalentPoolPage } from '../../../../src/renderer/features/talent-pool/my-talent-pool-page';
import {
  POOL_JOIN_NOTICE,
  POOL_KEEP_NOTICE,
  poolMessages,
  poolNotices,
} from '../../../../src/shared/talent-pool/talent-pool-contract';
import { stubApi } from '../../support/hiring-fixtures';
import { jsonResponse, renderScreen } from '../../support/test-utils';

/** The talent pool's rules on screen (docs/behaviour.md#the-talent-pool): consent unticked, clear errors. */
const DEPARTMENTS = [
  { slug: 'claims', name: 'Claims' },
  { slug: 'sales', name: 'Sales' },
];
const TOKEN = 'a'.repeat(43);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('joining the talent pool', () => {
  it('shows the notice with the box unticked, says what is missing, and sends nothing until it is right', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const calls = stubApi((call) => {
      if (call.path === '/talent-pool/departments') return jsonResponse(200, DEPARTMENTS);
      if (call.method === 'POST')
        return jsonResponse(202, { acknowledged: true, message: poolMessages.joined });
      return undefined;
    });
    renderScreen(<TalentPoolJoinPage />, { route: '/talent-pool' });
    expect(screen.getByText(poolNotices[POOL_JOIN_NOTICE])).toBeInTheDocument();
    const consent = screen.getByRole('checkbox', { name: /^Join our talent pool/ });
    expect(consent).not.toBeChecked();

    await user.type(screen.getByRole('textbox', { name: /Full name/ }), 'Jo Joiner');
    await user.type(screen.getByRole('textbox', { name: /E-mail address/ }), 'jo@example.com');
    const notPdf = new File(['hello'], 'cv.txt', { type: 'text/plain' });
    await user.upload(screen.getByLabelText(/Your CV/), notPdf);
    await user.click(screen.getByRole('button', { name: 'Join the talent pool' }));
    expect(screen.getByText(poolMessages.departmentsRequired)).toBeInTheDocument();
    expect(screen.getByText(poolMessages.consentRequired)).toBeInTheDocument();
    expect(screen.getByText(poolMessages.cvNotPdf)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.upload(
      screen.getByLabelText(/Your CV/),
      new File(['%PDF-1.4'], 'cv.pdf', { type: 'application/pdf' }),
    );
    await user.click(await screen.findByRole('checkbox', { name: 'Sales' }));
    await user.click(consent);
    await user.click(screen.getByRole('button', { name: 'Join the talent pool' }));
    expect(await screen.findByText(poolMessages.joined)).toBeInTheDocument();
    const sent = calls.find((call) => call.method === 'POST')!;
    expect(sent.body).toMatchObject({
      name: 'Jo Joiner',
      email: 'jo@example.com',
      departments: ['sales'],
      consent: true,
      noticeVersion: POOL_JOIN_NOTICE,
      cv: expect.stringMatching(/^data:application\/pdf;base64,/),
    });
  });
});

describe("the offer on a closed application's page", () => {
  it('keeps the details only once the box is ticked and confirmed, then says until when', async () => {
    const user = userEvent.setup();
    const calls = stubApi((call) => {
      if (call.path === `/my-application/${TOKEN}`)
        return jsonResponse(200, {
          jobTitle: 'Claims Handler',
          appliedAt: '2026-11-02T10:00:00.000Z',
          status: 'closed',
        });
      if (call.path === `/my-application/${TOKEN}/talent-pool` && call.method === 'GET')
        return jsonResponse(200, { inPool: false, consentEndsAt: null });
      if (call.path === '/talent-pool/departments') return jsonResponse(200, DEPARTMENTS);
      if (call.method === 'POST')
        return jsonResponse(200, {
          name: 'Rita',
          email: 'rita@example.com',
          departments: [],
          appliedFor: 'Claims Handler',
          hasCv: false,
          confirmed: true,
          consentGivenAt: '2026-11-29T10:00:00.000Z',
          consentEndsAt: '2027-11-29T10:00:00.000Z',
          renewable: false,
        });
      return undefined;
    });
    renderScreen(<MyApplicationPage />, {
      route: `/my-application/${TOKEN}`,
      path: '/my-application/:token',
    });
    expect(
      await screen.findByRole('heading', { name: 'Keep my details for future roles for 12 months' }),
    ).toBeInTheDocument();
    expect(screen.getByText(poolNotices[POOL_KEEP_NOTICE])).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByText(poolMessages.consentRequired)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.click(screen.getByRole('checkbox', { name: /^Keep my details/ }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(/in our talent pool until 29 November 2027/)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      departments: [],
      consent: true,
      noticeVersion: POOL_KEEP_NOTICE,
    });
  });
});

describe("a member's own page", () => {
  it('names the departments they chose, not the keys they are stored under', async () => {
    stubApi((call) => {
      if (call.path === '/talent-pool/departments') return jsonResponse(200, DEPARTMENTS);
      if (call.path === `/my-talent-pool/${TOKEN}`)
        return jsonResponse(200, {
          name: 'Rita',
          email: 'rita@example.com',
          departments: ['claims', 'sales'],
          appliedFor: null,
          hasCv: false,
          confirmed: true,
          consentGivenAt: '2026-11-29T10:00:00.000Z',
          consentEndsAt: '2027-11-29T10:00:00.000Z',
          renewable: false,
        });
      return undefined;
    });
    renderScreen(<MyTalentPoolPage />, { route: `/my-talent-pool/${TOKEN}`, path: '/my-talent-pool/:token' });
    expect(await screen.findByText('Claims, Sales')).toBeInTheDocument();
    expect(screen.getByText('29 November 2027')).toBeInTheDocument();
  });
});
