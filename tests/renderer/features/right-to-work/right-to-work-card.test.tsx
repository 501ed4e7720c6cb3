import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { ApplicationStage } from '../../../../src/shared/applications/stage-contract';
import { messages } from '../../../../src/shared/messages';
import type {
  RightToWorkAnswer,
  RightToWorkCheck,
} from '../../../../src/shared/right-to-work/right-to-work-contract';
import { RightToWorkCard } from '../../../../src/renderer/features/right-to-work/right-to-work-card';
import { adminStore, stubApi } from '../../support/hiring-fixtures';
import { jsonResponse, renderScreen } from '../../support/test-utils';

/**
 * The right-to-work card (docs/behaviour.md#right-to-work-checks): a complete check reads as facts
 * with Change to open its form again, the employment's end date is asked at Hired alone, and the
 * evidence is chosen in a picker drawn as the CV's. axe checks the card as drawn.
 */

afterEach(() => {
  vi.unstubAllGlobals();
});

const APPLICATION_ID = '00000000-0000-4000-8000-00000000e001';
const checkPath = `/applications/${APPLICATION_ID}/right-to-work`;

const completeCheck: RightToWorkCheck = {
  applicationId: APPLICATION_ID,
  method: 'online-share-code',
  checkedOn: '2026-11-20',
  checkedByEmail: 'ada@example.com',
  checkedByName: 'Ada Admin',
  followUpOn: null,
  followUpRemindedAt: null,
  employmentEndedOn: null,
  evidence: { type: 'image/png', size: 20_480, uploadedAt: '2026-11-20T10:00:00.000Z' },
  complete: true,
  keptForEmployment: true,
  keptUntil: null,
  updatedAt: '2026-11-20T10:00:00.000Z',
};

async function expectNoAxeViolations(element: Element) {
  const results = await axe.run(element, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

/** The card at `stage`, with the server answering `check` and taking what is saved. */
async function openCard(stage: ApplicationStage, check: RightToWorkCheck | null) {
  let current = check;
  const calls = stubApi((call) => {
    if (call.path !== checkPath) return undefined;
    if (call.method === 'PUT') {
      const sent = call.body as Partial<RightToWorkCheck>;
      current = {
        ...(current ?? { ...completeCheck, evidence: null, complete: false, keptForEmployment: false }),
        ...sent,
        updatedAt: new Date().toISOString(),
      };
      return jsonResponse(200, current);
    }
    return jsonResponse(200, { stage, check: current } satisfies RightToWorkAnswer);
  });
  renderScreen(
    <RightToWorkCard applicationId={APPLICATION_ID} applicantName="Rita Rightwork" stage={stage} />,
    {
      store: await adminStore(),
    },
  );
  const card = await screen.findByRole('region', { name: 'Right to work' });
  await within(card).findByText('Status');
  return { card, calls };
}

describe('the right-to-work card', () => {
  it('at Offer asks method and dates but no employment end, and sends none', async () => {
    const user = userEvent.setup();
    const { card, calls } = await openCard('offer', null);
    expect(within(card).getByText('Not checked yet')).toBeInTheDocument();
    const form = within(card).getByRole('form', { name: 'Right-to-work check' });
    expect(within(form).getByLabelText(/^Date checked/)).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Follow-up date/)).toBeInTheDocument();
    expect(within(form).queryByLabelText(/Employment end date/)).toBeNull();
    await expectNoAxeViolations(card);

    await user.click(within(form).getByRole('radio', { name: 'Manual document check' }));
    await user.click(within(form).getByRole('button', { name: 'Save check' }));
    await screen.findByText('Right-to-work check saved.');
    const saved = calls.find((call) => call.method === 'PUT');
    expect(saved?.body).toMatchObject({ method: 'manual-document', employmentEndedOn: null });
  });

  it('reads as facts once complete, with Change to open the form again and Cancel to close it', async () => {
    const user = userEvent.setup();
    const { card, calls } = await openCard('hired', completeCheck);
    expect(card).toHaveTextContent('Complete: checked by Ada Admin on 20 November 2026');
    expect(card).toHaveTextContent('Online check with a share code');
    expect(card).toHaveTextContent('Stored: image, 20 KB');
    expect(card).toHaveTextContent('Not recorded: use Change once the employment ends');
    // Nothing to edit by accident: no choices, no date fields, no upload.
    expect(within(card).queryByRole('radio')).toBeNull();
    expect(within(card).queryByRole('form')).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Save check' })).toBeNull();
    // The evidence still opens from the facts.
    expect(within(card).getByRole('button', { name: 'Show evidence' })).toBeInTheDocument();
    await expectNoAxeViolations(card);

    const change = within(card).getByRole('button', { name: 'Change' });
    await user.click(change);
    const form = within(card).getByRole('form', { name: 'Right-to-work check' });
    // The keyboard goes on from the recorded method.
    await waitFor(() =>
      expect(within(form).getByRole('radio', { name: 'Online check with a share code' })).toHaveFocus(),
    );
    expect(within(form).getByLabelText(/^Employment end date/)).toBeInTheDocument();
    expect(within(card).getByRole('group', { name: 'Evidence file' })).toBeInTheDocument();
    await expectNoAxeViolations(card);

    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(within(card).queryByRole('form')).toBeNull();
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Change' })).toHaveFocus());
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    // At Hired, Change records the employment's end; saved, the card reads as facts again.
    await user.click(within(card).getByRole('button', { name: 'Change' }));
    const reopened = within(card).getByRole('form', { name: 'Right-to-work check' });
    await user.type(within(reopened).getByLabelText(/^Employment end date/), '2027-03-31');
    await user.click(within(reopened).getByRole('button', { name: 'Save check' }));
    await screen.findByText('Right-to-work check saved.');
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      method: 'online-share-code',
      employmentEndedOn: '2027-03-31',
    });
    await waitFor(() => expect(within(card).queryByRole('form')).toBeNull());
    expect(card).toHaveTextContent('31 March 2027');
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Change' })).toHaveFocus());
  });

  it('chooses the evidence in a labelled picker that opens from its button, and refuses another type at once', async () => {
    // A file of another type dropped on the zone, or chosen where the browser lets any file through.
    const user = userEvent.setup({ applyAccept: false });
    const { card } = await openCard('offer', { ...completeCheck, evidence: null, complete: false });
    const picker = within(card).getByRole('group', { name: 'Evidence file' });
    expect(picker).toHaveAccessibleDescription('The document copy or the online check’s result.');
    const input = picker.querySelector<HTMLInputElement>('input[type=file]')!;
    const opened = vi.fn();
    input.addEventListener('click', opened);
    await user.click(within(picker).getByRole('button', { name: 'Choose a file' }));
    expect(opened).toHaveBeenCalledOnce();

    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(within(picker).getByRole('alert')).toHaveTextContent(messages.rightToWorkEvidenceType);
    expect(within(picker).getByRole('button', { name: 'Choose a file' })).toBeInTheDocument();

    await user.upload(input, new File([new Uint8Array(2048)], 'share-code.png', { type: 'image/png' }));
    expect(within(picker).getByText('share-code.png')).toBeInTheDocument();
    expect(within(picker).queryByRole('alert')).toBeNull();
    expect(
      within(picker).getByRole('group', { name: /share-code\.png, 2 KB, ready to upload/ }),
    ).toHaveFocus();
    await user.click(within(picker).getByRole('button', { name: 'Remove share-code.png' }));
    expect(within(picker).getByRole('button', { name: 'Choose a file' })).toBeInTheDocument();
    await expectNoAxeViolations(card);
  });
});
