import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { MyApplicationPage } from '../../../../src/renderer/features/my-application/my-application-page';
import { interviewMessages } from '../../../../src/shared/interviews/interview-contract';
import { stubApi, stubMatchMedia } from '../../support/hiring-fixtures';
import { jsonResponse, renderScreen } from '../../support/test-utils';

/**
 * The interview section of the applicant's page (docs/behaviour.md#interviews): choosing a time
 * by keyboard with its label read out, telling the server what they need adjusted, a time someone
 * else took meanwhile, and a booking too close to change. axe checks the section as drawn.
 */

const TOKEN = 'b'.repeat(43);
const application = {
  jobTitle: 'Claims Handler',
  appliedAt: '2026-11-02T10:00:00.000Z',
  status: 'in-progress',
  interviewOffered: true,
};
const morning = {
  _id: '11111111-1111-4111-8111-111111111111',
  startsAt: '2027-07-07T09:30:00.000Z',
  durationMinutes: 45,
  place: 'Room 2, Northampton office',
};
const afternoon = {
  _id: '22222222-2222-4222-8222-222222222222',
  startsAt: '2027-12-08T15:00:00.000Z',
  durationMinutes: 30,
  place: 'Video call',
};

const openPage = () =>
  renderScreen(<MyApplicationPage />, { route: `/my-application/${TOKEN}`, path: '/my-application/:token' });

const interviewPath = `/my-application/${TOKEN}/interview`;

afterEach(async () => {
  vi.unstubAllGlobals();
  const { default: Swal } = await import('sweetalert2');
  Swal.close();
});

/** axe's rules on the section, without the ones jsdom cannot judge (it draws no colours or layout). */
async function expectNoAxeViolations(element: Element) {
  const results = await axe.run(element, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

describe("the applicant's interview section", () => {
  it('books a time chosen by keyboard, with the adjustment they asked for, and passes axe', async () => {
    const user = userEvent.setup();
    const calls = stubApi((call) => {
      if (call.path === `/my-application/${TOKEN}`) return jsonResponse(200, application);
      if (call.path === interviewPath && call.method === 'GET')
        return jsonResponse(200, { slots: [morning, afternoon], booking: null });
      if (call.path === interviewPath && call.method === 'PUT')
        return jsonResponse(200, {
          slots: [afternoon],
          booking: { ...morning, adjustments: 'Step-free access', changeable: true },
        });
      return undefined;
    });
    openPage();
    const section = await screen.findByRole('region', { name: 'Your interview' });
    await expectNoAxeViolations(section);
    const group = within(section).getByRole('radiogroup', { name: 'Choose a time (UK time)' });
    const first = within(group).getByRole('radio', { name: /Wednesday 7 July 2027 at 10:30 BST/ });
    expect(
      within(group).getByRole('radio', {
        name: /Wednesday 8 December 2027 at 15:00 GMT, 30 minutes, Video call/,
      }),
    ).toBeInTheDocument();

    first.focus();
    await user.keyboard(' ');
    expect(first).toBeChecked();
    const adjustments = within(section).getByRole('textbox', {
      name: /Do you need any adjustment for the interview/,
    });
    await user.type(adjustments, 'Step-free access');
    await user.click(within(section).getByRole('button', { name: 'Book this time' }));

    expect(await within(section).findByRole('status')).toHaveTextContent('Your interview is booked.');
    // The time with its zone at once, then the length and the place.
    expect(
      within(section).getByText(
        'Booked: Wednesday 7 July 2027 at 10:30 BST (UK time) for 45 minutes. Where: Room 2, Northampton office',
      ),
    ).toBeInTheDocument();
    expect(within(section).getByText('You asked for: Step-free access')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Cancel my interview' })).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      slotId: morning._id,
      adjustments: 'Step-free access',
    });
    await expectNoAxeViolations(section);
  });

  it('when someone else took the time meanwhile, says so and offers the times still free', async () => {
    const user = userEvent.setup();
    stubApi((call) => {
      if (call.path === `/my-application/${TOKEN}`) return jsonResponse(200, application);
      if (call.path === interviewPath && call.method === 'GET')
        return jsonResponse(200, { slots: [morning, afternoon], booking: null });
      if (call.path === interviewPath && call.method === 'PUT')
        return jsonResponse(409, { message: interviewMessages.slotTaken, slots: [afternoon] });
      return undefined;
    });
    openPage();
    const section = await screen.findByRole('region', { name: 'Your interview' });
    await user.click(within(section).getByRole('radio', { name: /10:30 BST/ }));
    await user.click(within(section).getByRole('button', { name: 'Book this time' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(interviewMessages.slotTaken);
    await waitFor(() => expect(within(section).getAllByRole('radio')).toHaveLength(1));
    expect(within(section).getByRole('radio', { name: /15:00 GMT/ })).not.toBeChecked();
  });

  it('asks for a choice before sending anything', async () => {
    const user = userEvent.setup();
    const calls = stubApi((call) => {
      if (call.path === `/my-application/${TOKEN}`) return jsonResponse(200, application);
      if (call.path === interviewPath) return jsonResponse(200, { slots: [morning], booking: null });
      return undefined;
    });
    openPage();
    const section = await screen.findByRole('region', { name: 'Your interview' });
    await user.click(within(section).getByRole('button', { name: 'Book this time' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('Choose one of the times first.');
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('says in the server’s words when the day’s changes are used up, and keeps the booking as it was', async () => {
    const user = userEvent.setup();
    stubMatchMedia();
    stubApi((call) => {
      if (call.path === `/my-application/${TOKEN}`) return jsonResponse(200, application);
      if (call.path === interviewPath && call.method === 'GET')
        return jsonResponse(200, {
          slots: [afternoon],
          booking: { ...morning, adjustments: null, changeable: true },
        });
      if (call.path === interviewPath && call.method === 'PUT')
        return jsonResponse(429, { message: interviewMessages.bookingChangesUsedUp });
      return undefined;
    });
    openPage();
    const section = await screen.findByRole('region', { name: 'Your interview' });
    await user.click(within(section).getByRole('radio', { name: /15:00 GMT/ }));
    await user.click(within(section).getByRole('button', { name: 'Move my interview' }));
    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent(interviewMessages.bookingChangesUsedUp);
    expect(alert).toHaveTextContent('careers@example.co.uk');
    expect(within(section).getByText(/Booked: Wednesday 7 July 2027 at 10:30 BST/)).toBeInTheDocument();
    await expectNoAxeViolations(section);
  });

  it('once the job has closed, says why the booking can no longer be changed and offers nothing to press', async () => {
    stubMatchMedia();
    stubApi((call) => {
      if (call.path === `/my-application/${TOKEN}`) return jsonResponse(200, application);
      if (call.path === interviewPath)
        return jsonResponse(200, {
          slots: [],
          booking: { ...morning, adjustments: null, changeable: false },
          closed: interviewMessages.jobClosed,
        });
      return undefined;
    });
    openPage();
    const section = await screen.findByRole('region', { name: 'Your interview' });
    expect(within(section).getByText(interviewMessages.jobClosed)).toBeInTheDocument();
    expect(within(section).queryByText(/less than 24 hours away/)).toBeNull();
    expect(within(section).queryByRole('button')).toBeNull();
    expect(within(section).queryByRole('radio')).toBeNull();
  });

  it('shows a refusal of a closed booking in words, and takes the times away', async () => {
    const user = userEvent.setup();
    stubMatchMedia();
    stubApi((call) => {
      if (call.path === `/my-application/${TOKEN}`) return jsonResponse(200, application);
      if (call.path === interviewPath && call.method === 'GET')
        return jsonResponse(200, { slots: [morning, afternoon], booking: null });
      if (call.path === interviewPath && call.method === 'PUT')
        return jsonResponse(409, { message: interviewMessages.applicationRejected, slots: [] });
      return undefined;
    });
    openPage();
    const section = await screen.findByRole('region', { name: 'Your interview' });
    await user.click(within(section).getByRole('radio', { name: /10:30 BST/ }));
    await user.click(within(section).getByRole('button', { name: 'Book this time' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      interviewMessages.applicationRejected,
    );
    await waitFor(() => expect(within(section).queryByRole('radio')).toBeNull());
  });

  it('an interview less than 24 hours away can no longer be moved or cancelled here, and says what to do', async () => {
    stubMatchMedia();
    stubApi((call) => {
      if (call.path === `/my-application/${TOKEN}`) return jsonResponse(200, application);
      if (call.path === interviewPath)
        return jsonResponse(200, {
          slots: [afternoon],
          booking: { ...morning, adjustments: null, changeable: false },
        });
      return undefined;
    });
    openPage();
    const section = await screen.findByRole('region', { name: 'Your interview' });
    expect(within(section).getByText(/less than 24 hours away/)).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Cancel my interview' })).toBeNull();
    expect(within(section).queryByRole('radio')).toBeNull();
  });

  it('is not drawn, and not asked for, before any time is offered', async () => {
    const calls = stubApi((call) =>
      call.path === `/my-application/${TOKEN}`
        ? jsonResponse(200, { ...application, interviewOffered: undefined })
        : undefined,
    );
    openPage();
    await screen.findByRole('heading', { level: 1, name: 'Your application for Claims Handler' });
    expect(screen.queryByRole('region', { name: 'Your interview' })).toBeNull();
    expect(calls.some((call) => call.path === interviewPath)).toBe(false);
  });
});
