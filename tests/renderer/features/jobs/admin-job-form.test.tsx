import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  emptyJobFormValues,
  JobForm,
  LEAVE_UNSAVED_JOB,
  type JobFormValues,
} from '../../../../src/renderer/features/jobs/job-form';
import { jobFactMessages } from '../../../../src/shared/jobs/job-facts';
import { renderScreen } from '../../support/test-utils';

function renderForm(mode: 'create' | 'edit', onSubmit = vi.fn<(values: JobFormValues) => void>()) {
  renderScreen(
    <JobForm
      mode={mode}
      initialValues={emptyJobFormValues()}
      submitting={false}
      onSubmit={onSubmit}
      cancelTo="/dashboard/all"
    />,
  );
  return onSubmit;
}

describe('the job form', () => {
  it('starts each list with one empty entry that cannot be removed', () => {
    renderForm('create');
    for (const item of ['Responsibility', 'Requirement']) {
      expect(screen.getByRole('textbox', { name: `${item} 1` })).toHaveValue('');
      expect(screen.queryByRole('textbox', { name: `${item} 2` })).toBeNull();
      expect(screen.queryByRole('button', { name: new RegExp(`^Remove ${item}`, 'i') })).toBeNull();
    }
  });

  it('adds entries (the new one takes focus) and removes only while more than one remains', async () => {
    const user = userEvent.setup();
    renderForm('create');
    await user.click(screen.getByRole('button', { name: 'Add responsibility' }));
    await user.click(screen.getByRole('button', { name: 'Add responsibility' }));
    expect(screen.getByRole('textbox', { name: 'Responsibility 3' })).toHaveFocus();
    await user.type(screen.getByRole('textbox', { name: 'Responsibility 1' }), 'Answer calls');
    expect(screen.getAllByRole('button', { name: /^Remove responsibility/ })).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Remove responsibility 2' }));
    await user.click(screen.getByRole('button', { name: 'Remove responsibility 2' }));
    expect(screen.getByRole('textbox', { name: 'Responsibility 1' })).toHaveValue('Answer calls');
    expect(screen.queryByRole('textbox', { name: 'Responsibility 2' })).toBeNull();
    // One left: it can no longer be removed.
    expect(screen.queryByRole('button', { name: /^Remove responsibility/ })).toBeNull();
    // The other list is untouched.
    expect(screen.getAllByRole('textbox', { name: /^Requirement \d/ })).toHaveLength(1);
  });

  it('create: required marks on exactly what publishing needs, and errors only there', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm('create');
    const box = (name: RegExp) => screen.getByRole('textbox', { name });
    // What publishing needs: a title, a place, an employment type, pay, experience, a description.
    for (const name of [/^Job Title/, /^Towns/, /^Pay from/, /^Experience/, /^Description/])
      expect(box(name)).toBeRequired();
    const types = screen.getByRole('group', { name: /^Employment type/ });
    expect(types).toHaveAccessibleDescription('Required: choose one or more.');
    // The card's texts are written from those facts; the rest is optional.
    for (const name of [/^Location/, /^Work Hours/, /^CTC/, /^Pay to/]) expect(box(name)).not.toBeRequired();
    expect(screen.getByLabelText(/^Closing Date/)).not.toBeRequired();
    expect(screen.queryByRole('textbox', { name: /Start Date/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(onSubmit).not.toHaveBeenCalled();
    for (const message of [
      'Job title is required.',
      jobFactMessages.placeRequired,
      jobFactMessages.employmentTypeRequired,
      jobFactMessages.payRequired,
      'Experience is required.',
      'Description is required.',
    ])
      expect(screen.getByText(message)).toBeInTheDocument();
    // No error for a text the facts can write.
    for (const message of ['Location is required.', 'Work hours is required.', 'CTC is required.'])
      expect(screen.queryByText(message)).toBeNull();
    for (const name of [/^Location/, /^Work Hours/, /^CTC/]) expect(box(name)).not.toBeInvalid();
    expect(box(/^Job Title/)).toHaveFocus();
  });

  it('edit: "Start Date", no required flags, and blank fields go to the server to judge', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm('edit');
    expect(screen.getByRole('textbox', { name: 'Start Date' })).not.toBeRequired();
    for (const box of screen.getAllByRole('textbox')) expect(box).not.toBeRequired();
    await user.click(screen.getByRole('button', { name: 'Update Post' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ jobTitle: '', responsibilities: [''] }));
  });

  it('Enter in a list entry adds the next entry and moves there; it never sends the form', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm('edit', vi.fn());
    const first = screen.getByRole('textbox', { name: 'Responsibility 1' });
    await user.click(first);
    await user.keyboard('Answer calls{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Responsibility 2' })).toHaveFocus();
    await user.keyboard('Explain quotes{Enter}');
    expect(screen.getByRole('textbox', { name: 'Responsibility 3' })).toHaveFocus();
    // Enter on the empty last entry moves nowhere new: no pile of blank entries.
    await user.keyboard('{Enter}');
    expect(screen.getAllByRole('textbox', { name: /^Responsibility \d/ })).toHaveLength(3);
    expect(screen.getByRole('textbox', { name: 'Responsibility 3' })).toHaveFocus();

    // In the middle of a list, the new entry goes right after the one being edited.
    await user.click(screen.getByRole('textbox', { name: 'Responsibility 1' }));
    await user.keyboard('{Enter}');
    expect(screen.getByRole('textbox', { name: 'Responsibility 2' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Responsibility 2' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Responsibility 3' })).toHaveValue('Explain quotes');

    await user.click(screen.getByRole('textbox', { name: 'Requirement 1' }));
    await user.keyboard('Clear spoken English{Enter}');
    expect(screen.getByRole('textbox', { name: 'Requirement 2' })).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();

    // The form goes from its button, or Enter in a single-line field that is not a list.
    await user.click(screen.getByRole('textbox', { name: 'Location' }));
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        responsibilities: ['Answer calls', '', 'Explain quotes', ''],
        requirements: ['Clear spoken English', ''],
      }),
    );
  });

  it('asks before the admin leaves with unsaved changes, and only then', async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderForm('create');
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    // Untouched: leaving is free.
    expect(unload()).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(confirm).not.toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/all');
    confirm.mockRestore();
  });

  it('keeps the admin on the form when they choose to stay', async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderForm('create');
    await user.type(screen.getByRole('textbox', { name: /Job Title/ }), 'Claims Handler');
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(confirm).toHaveBeenCalledWith(LEAVE_UNSAVED_JOB);
    expect(screen.getByTestId('location')).toHaveTextContent('/');
    expect(screen.getByTestId('location')).not.toHaveTextContent('/dashboard/all');
    confirm.mockRestore();
  });
});
