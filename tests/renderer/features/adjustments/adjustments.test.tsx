import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type {
  AdjustmentRequest,
  AdjustmentsAnswer,
} from '../../../../src/shared/adjustments/adjustments-contract';
import { messages } from '../../../../src/shared/messages';
import { AdjustmentsCard } from '../../../../src/renderer/features/adjustments/adjustments-card';
import { AdjustmentsPage } from '../../../../src/renderer/features/adjustments/adjustments-page';
import { adminStore, stubApi } from '../../support/hiring-fixtures';
import { jsonResponse, renderScreen } from '../../support/test-utils';

/**
 * The adjustments contact's screens (docs/behaviour.md#adjustments): what the applicant asked for
 * when applying and when booking, and the agreed adjustment the contact writes for the
 * interviewers, saved without reading the request again. axe checks the card as drawn.
 */

afterEach(() => {
  vi.unstubAllGlobals();
});

const APPLICATION_ID = '00000000-0000-4000-8000-00000000d001';
const answer: AdjustmentsAnswer = {
  applicationId: APPLICATION_ID,
  adjustments: 'I use a screen reader.',
  disabilityConfident: true,
  interviewAdjustments: 'A step-free room, please.',
  agreed: null,
};
const agreedPath = `/applications/${APPLICATION_ID}/adjustments/agreed`;

async function expectNoAxeViolations(element: Element) {
  const results = await axe.run(element, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

const openCard = async () =>
  renderScreen(<AdjustmentsCard applicationId={APPLICATION_ID} />, { store: await adminStore() });

describe('the adjustments contact’s card', () => {
  it('shows both requests in the applicant’s words, and saves what was agreed for the interview', async () => {
    const user = userEvent.setup();
    const calls = stubApi((call) => {
      if (call.path === `/applications/${APPLICATION_ID}/adjustments`) return jsonResponse(200, answer);
      if (call.path === agreedPath && call.method === 'PUT')
        return jsonResponse(200, { applicationId: APPLICATION_ID, agreed: 'A ground-floor room.' });
      return undefined;
    });
    await openCard();
    const card = await screen.findByRole('region', { name: 'Adjustments' });
    expect(within(card).getByText('I use a screen reader.')).toBeInTheDocument();
    expect(within(card).getByText('Asked for when booking the interview')).toBeInTheDocument();
    expect(within(card).getByText('A step-free room, please.')).toBeInTheDocument();
    await expectNoAxeViolations(card);

    const field = within(card).getByRole('textbox', { name: /^Agreed for the interview/ });
    await user.type(field, '  A ground-floor room.  ');
    await user.click(within(card).getByRole('button', { name: 'Save agreed adjustment' }));
    expect(
      await screen.findByText(
        'Saved: the interviewers and the hiring manager now see the agreed adjustment.',
      ),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { agreed: 'A ground-floor room.' },
    ]);
    // The same field shows what was saved, and the keyboard stays on the button that saved it.
    await waitFor(() => expect(field).toHaveValue('A ground-floor room.'));
    expect(field).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Save agreed adjustment' })).toHaveFocus();
    // Saving does not read the request again: each read is an entry in the audit trail.
    expect(calls.filter((call) => call.path === `/applications/${APPLICATION_ID}/adjustments`)).toHaveLength(
      1,
    );
  });

  it('shows the server’s refusal under the field, and stays signed in', async () => {
    const user = userEvent.setup();
    stubApi((call) => {
      if (call.path === `/applications/${APPLICATION_ID}/adjustments`) return jsonResponse(200, answer);
      if (call.path === agreedPath) return jsonResponse(403, { message: messages.adjustmentsContactOnly });
      return undefined;
    });
    await openCard();
    const card = await screen.findByRole('region', { name: 'Adjustments' });
    await user.type(within(card).getByRole('textbox', { name: /^Agreed for the interview/ }), 'Extra time.');
    await user.click(within(card).getByRole('button', { name: 'Save agreed adjustment' }));
    expect(await within(card).findByText(messages.adjustmentsContactOnly)).toBeInTheDocument();
    expect(within(card).getByRole('textbox', { name: /^Agreed for the interview/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('is not drawn for an administrator the server refuses', async () => {
    const calls = stubApi((call) =>
      call.path === `/applications/${APPLICATION_ID}/adjustments`
        ? jsonResponse(403, { message: messages.adjustmentsContactOnly })
        : undefined,
    );
    const { store } = await openCard();
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() =>
      expect(Object.values(store.getState().api.queries).every((query) => query?.status !== 'pending')).toBe(
        true,
      ),
    );
    expect(screen.queryByRole('region', { name: 'Adjustments' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});

describe('the Adjustments screen', () => {
  it('lists each request with a field of its own for what was agreed', async () => {
    const rows: AdjustmentRequest[] = [
      { ...answer, name: 'Nina Patel', jobTitle: 'Claims Handler', createdAt: '2030-05-01T09:00:00.000Z' },
      {
        ...answer,
        applicationId: '00000000-0000-4000-8000-00000000d002',
        name: 'Omar Otherapp',
        jobTitle: 'Claims Handler',
        adjustments: null,
        interviewAdjustments: 'Extra time.',
        agreed: 'Fifteen minutes more.',
        createdAt: '2030-05-02T09:00:00.000Z',
      },
    ];
    stubApi((call) => (call.path === '/adjustments' ? jsonResponse(200, rows) : undefined));
    renderScreen(<AdjustmentsPage />, { store: await adminStore() });
    expect(
      await screen.findByRole('textbox', { name: /^Agreed for the interview of Nina Patel/ }),
    ).toHaveValue('');
    expect(screen.getByRole('textbox', { name: /^Agreed for the interview of Omar Otherapp/ })).toHaveValue(
      'Fifteen minutes more.',
    );
    await expectNoAxeViolations(screen.getByRole('region', { name: 'Requests' }));
  });
});
