import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
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

const CLAIMS = { _id: '11111111-1111-4111-8111-111111111111', name: 'Claims', slug: 'claims', jobCount: 0 };

afterEach(() => {
  vi.unstubAllGlobals();
});

async function renderCreateForm() {
  stubApi((call) => (call.path === '/departments' ? jsonResponse(200, [CLAIMS]) : undefined));
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
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: /Job Title/ }), 'Claims Handler');
  await user.type(screen.getByRole('textbox', { name: /Experience/ }), '1 year');
  await user.type(screen.getByRole('textbox', { name: /Description/ }), 'Handle claims.');
  return { user, onSubmit };
}

describe('the job form’s facts', () => {
  it('sends the facts, and leaves the texts blank for the server to write from them', async () => {
    const { user, onSubmit } = await renderCreateForm();
    await user.click(screen.getByRole('combobox', { name: 'Department' }));
    await user.click(await screen.findByRole('option', { name: 'Claims' }));
    await user.click(screen.getByRole('radio', { name: 'Remote' }));
    await user.type(screen.getByRole('textbox', { name: /Remote country/ }), 'UK');
    await user.click(screen.getByRole('checkbox', { name: 'Full-time' }));
    await user.click(screen.getByRole('checkbox', { name: 'Fixed-term' }));
    await user.type(screen.getByRole('textbox', { name: /Pay from/ }), '32,000');
    await user.type(screen.getByRole('textbox', { name: /Pay to/ }), '38000');
    await user.click(screen.getByRole('button', { name: 'Create Post' }));

    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(jobBody(onSubmit.mock.calls[0]![0])).toMatchObject({
      location: '',
      hours: '',
      ctc: '',
      departmentId: CLAIMS._id,
      workplaceType: 'remote',
      remoteCountry: 'UK',
      employmentTypes: ['full-time', 'fixed-term'],
      pay: { min: 32000, max: 38000, period: 'year' },
    });
  });

  it('names each bad fact on its field and sends nothing', async () => {
    const { user, onSubmit } = await renderCreateForm();
    await user.click(screen.getByRole('radio', { name: 'Remote' }));
    await user.type(screen.getByRole('textbox', { name: /Pay from/ }), '40000');
    await user.type(screen.getByRole('textbox', { name: /Pay to/ }), '30000');
    await user.click(screen.getByRole('button', { name: 'Create Post' }));

    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText(jobFactMessages.remoteCountry)).toBeInTheDocument();
    expect(screen.getByText(jobFactMessages.payMinAboveMax)).toBeInTheDocument();
    // A fact publishing needs is asked on its own question, never as the card's text.
    expect(screen.getByText(jobFactMessages.employmentTypeRequired)).toBeInTheDocument();
    expect(screen.queryByText('Work hours is required.')).toBeNull();

    await user.clear(screen.getByRole('textbox', { name: /Pay from/ }));
    await user.type(screen.getByRole('textbox', { name: /Pay from/ }), '12');
    await user.clear(screen.getByRole('textbox', { name: /Pay to/ }));
    await user.type(screen.getByRole('textbox', { name: /Pay to/ }), '1500');
    await user.click(screen.getByRole('radio', { name: 'an hour' }));
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(screen.getByText(jobFactMessages.payAbsurd('Pay maximum', 'hour'))).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    const group = screen.getByRole('group', { name: /^Employment type/ });
    expect(within(group).getAllByRole('checkbox')).toHaveLength(6);
  });
});
