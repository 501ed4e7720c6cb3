import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  emptyJobFormValues,
  JobForm,
  jobBody,
  type JobFormValues,
} from '../../../../src/renderer/features/jobs/job-form';
import { jobFactMessages } from '../../../../src/shared/jobs/job-facts';
import { jsonResponse, renderScreen } from '../../support/test-utils';
import { adminStore, stubApi } from '../../support/hiring-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function renderCreateForm() {
  stubApi((call) => (call.path === '/departments' ? jsonResponse(200, []) : undefined));
  const store = await adminStore();
  const onSubmit = vi.fn<(values: JobFormValues) => void>();
  renderScreen(
    <JobForm
      mode="create"
      initialValues={emptyJobFormValues()}
      submitting={false}
      onSubmit={onSubmit}
      cancelTo="/dashboard/all"
    />,
    { store },
  );
  return { user: userEvent.setup(), onSubmit };
}

const box = (name: RegExp) => screen.getByRole('textbox', { name });

/** Types a whole text in one input event: what is tested is the form, not typing speed. */
async function write(user: ReturnType<typeof userEvent.setup>, name: RegExp, text: string) {
  await user.click(box(name));
  await user.paste(text);
}

async function fillTheRest(user: ReturnType<typeof userEvent.setup>) {
  await write(user, /^Job Title/, 'Claims Contractor');
  await write(user, /^Experience/, '3 years');
  await write(user, /^Description/, 'Clear the backlog of claims.');
}

describe('the job form’s card texts', () => {
  it('writes the card’s texts from the facts as they are chosen, and faults none of them', async () => {
    const { user, onSubmit } = await renderCreateForm();
    // Pressed on the empty form: the facts publishing needs are asked for, the texts are not.
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(screen.getByText(jobFactMessages.placeRequired)).toBeInTheDocument();
    expect(screen.getByText(jobFactMessages.employmentTypeRequired)).toBeInTheDocument();

    // Then only the facts: every message they answer goes, and the texts follow them.
    await fillTheRest(user);
    await write(user, /^Towns/, 'Leeds');
    await user.click(screen.getByRole('radio', { name: 'Hybrid' }));
    await user.click(screen.getByRole('checkbox', { name: 'Contract' }));
    await write(user, /^Pay from/, '450');
    await write(user, /^Pay to/, '550');
    await user.click(screen.getByRole('radio', { name: 'a day' }));
    expect(box(/^Location/)).toHaveValue('Hybrid · Leeds');
    expect(box(/^Work Hours/)).toHaveValue('Contract');
    expect(box(/^CTC/)).toHaveValue('£450 – £550 a day');
    for (const message of [
      jobFactMessages.placeRequired,
      jobFactMessages.employmentTypeRequired,
      jobFactMessages.payRequired,
      'Job title is required.',
      'Location is required.',
      'Work hours is required.',
      'CTC is required.',
    ])
      expect(screen.queryByText(message)).toBeNull();
    for (const name of [/^Location/, /^Work Hours/, /^CTC/]) expect(box(name)).not.toBeInvalid();

    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    // Sent blank, the texts keep following the facts on the server after later edits.
    expect(jobBody(onSubmit.mock.calls[0]![0])).toMatchObject({
      location: '',
      hours: '',
      ctc: '',
      locations: ['Leeds'],
      workplaceType: 'hybrid',
      employmentTypes: ['contract'],
      pay: { min: 450, max: 550, period: 'day' },
    });
  });

  it('marks a fact required only while publishing needs it', async () => {
    const { user } = await renderCreateForm();
    expect(box(/^Towns/)).toBeRequired();
    // A remote job needs no town, but its country.
    await user.click(screen.getByRole('radio', { name: 'Remote' }));
    expect(box(/^Towns/)).not.toBeRequired();
    expect(box(/^Remote country/)).toBeRequired();
    expect(box(/^Location/)).toHaveValue('Remote');
    await write(user, /^Remote country/, 'UK');
    expect(box(/^Location/)).toHaveValue('Remote (UK)');
    // Hours and pay in the administrator's own words stand in for the facts, as the server allows.
    await write(user, /^Work Hours/, '37.5 hours, Monday to Friday');
    await write(user, /^CTC/, '£24,000 - £27,000');
    expect(screen.getByRole('group', { name: /^Employment type/ })).toHaveAccessibleDescription(
      'Choose any that apply.',
    );
    expect(box(/^Pay from/)).not.toBeRequired();
    // "Competitive" states no pay: the figures are needed again.
    await user.clear(box(/^CTC/));
    await write(user, /^CTC/, 'Competitive');
    expect(box(/^Pay from/)).toBeRequired();
  });

  it('a text edited by hand stops following the facts, until it is handed back to them', async () => {
    const { user, onSubmit } = await renderCreateForm();
    await fillTheRest(user);
    await write(user, /^Towns/, 'Leeds');
    await user.click(screen.getByRole('checkbox', { name: 'Full-time' }));
    await write(user, /^Pay from/, '30000');
    expect(box(/^Location/)).toHaveValue('Leeds');
    expect(screen.queryByRole('button', { name: /^Use the wording from the facts/ })).toBeNull();

    await user.clear(box(/^Location/));
    await write(user, /^Location/, 'Leeds city centre');
    await user.clear(box(/^Work Hours/));
    await write(user, /^Work Hours/, 'Full time, 37.5 hours');
    expect(box(/^Location/)).toHaveAccessibleDescription('Your own wording: the facts no longer change it.');
    // The facts change; the text written by hand does not.
    await write(user, /^Towns/, ', York');
    expect(box(/^Location/)).toHaveValue('Leeds city centre');
    expect(box(/^CTC/)).toHaveValue('£30,000 a year');

    await user.click(screen.getByRole('button', { name: 'Use the wording from the facts for Location' }));
    expect(box(/^Location/)).toHaveValue('Leeds, York');
    expect(box(/^Location/)).toHaveFocus();
    expect(box(/^Location/)).not.toHaveAccessibleDescription(/own wording/);

    // Emptied, a text follows the facts again once left.
    await user.clear(box(/^CTC/));
    await user.tab();
    expect(box(/^CTC/)).toHaveValue('£30,000 a year');

    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(jobBody(onSubmit.mock.calls[0]![0])).toMatchObject({
      location: '',
      hours: 'Full time, 37.5 hours',
      ctc: '',
      locations: ['Leeds', 'York'],
      employmentTypes: ['full-time'],
    });
  });
});
