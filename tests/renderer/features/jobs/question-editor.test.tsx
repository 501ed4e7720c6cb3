import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  emptyJobFormValues,
  JobForm,
  type JobFormValues,
} from '../../../../src/renderer/features/jobs/job-form';
import { healthWordingMessage } from '../../../../src/shared/questions/health-wording';
import { QUESTION_TYPES, questionTypeLabels } from '../../../../src/shared/questions/question-contract';
import { renderScreen } from '../../support/test-utils';

/** The edit form: only the questions are checked before sending, so each test needs no other field. */
function renderForm() {
  const onSubmit = vi.fn<(values: JobFormValues) => void>();
  renderScreen(
    <JobForm
      mode="edit"
      initialValues={emptyJobFormValues()}
      submitting={false}
      onSubmit={onSubmit}
      cancelTo="/dashboard/all"
    />,
  );
  return onSubmit;
}

const questionCard = (n: number) => screen.getByRole('region', { name: `Question ${n}` });

describe("the job form's questions", () => {
  it('adds a question of each type, offering choices and a knock-out only where they fit', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    const editor = screen.getByRole('group', { name: 'Questions for applicants' });
    expect(within(editor).queryByRole('region')).toBeNull();

    for (const [index, type] of QUESTION_TYPES.entries()) {
      const n = index + 1;
      await user.click(screen.getByRole('button', { name: 'Add a question' }));
      // The new question takes the focus, so the admin types straight into it.
      await waitFor(() => expect(screen.getByRole('textbox', { name: `Question ${n}` })).toHaveFocus());
      await user.keyboard(`Question of type ${type}`);
      const card = questionCard(n);
      await user.type(
        within(card).getByRole('textbox', { name: 'Why we ask (shown to applicants)' }),
        'The role needs it.',
      );
      await user.selectOptions(
        within(card).getByRole('combobox', { name: 'Answer type' }),
        questionTypeLabels[type],
      );

      const choices = within(card).queryByRole('textbox', { name: /Choices, one a line/ });
      const knockOut = within(card).queryByRole('checkbox', { name: /Knock-out/ });
      if (type === 'one-of' || type === 'several-of') {
        expect(choices).not.toBeNull();
        await user.type(choices!, 'Urdu{Enter}Arabic');
      } else {
        expect(choices).toBeNull();
      }
      expect(knockOut !== null).toBe(type === 'yes-no' || type === 'one-of' || type === 'several-of');
    }

    // A knock-out on the yes-or-no question: "No" ends the application with the job's reply.
    const first = questionCard(1);
    await user.click(within(first).getByRole('checkbox', { name: 'Must be answered' }));
    await user.click(within(first).getByRole('checkbox', { name: /Knock-out/ }));
    await user.click(within(first).getByRole('checkbox', { name: 'Ends it: No' }));
    await user.type(
      within(first).getByRole('textbox', { name: 'Reply the applicant then gets' }),
      'Thank you. We can only consider applicants with the right to work in the UK.',
    );

    await user.click(screen.getByRole('button', { name: 'Update Post' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const { questions } = onSubmit.mock.calls[0]![0];
    expect(questions.map((question) => question.type)).toEqual([...QUESTION_TYPES]);
    expect(questions[0]).toEqual({
      type: 'yes-no',
      label: 'Question of type yes-no',
      purpose: 'The role needs it.',
      required: true,
      options: [],
      knockOut: {
        answers: ['no'],
        message: 'Thank you. We can only consider applicants with the right to work in the UK.',
      },
    });
    expect(questions[1]).toMatchObject({ type: 'one-of', options: ['Urdu', 'Arabic'], knockOut: null });
    expect(questions[4]).toMatchObject({ type: 'long-text', options: [], knockOut: null });
  });

  it('explains, as it is typed, why health or disability wording is refused, and does not send it', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    await user.click(screen.getByRole('button', { name: 'Add a question' }));
    const label = screen.getByRole('textbox', { name: 'Question 1' });
    await user.type(label, 'Do you have any medical conditions?');
    // Shown before any attempt to save: the admin learns while writing.
    const explained = healthWordingMessage('The question', 'medical');
    expect(await screen.findByText(explained)).toBeInTheDocument();
    expect(label).toHaveAccessibleDescription(explained);
    expect(label).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('button', { name: 'Update Post' }));
    expect(onSubmit).not.toHaveBeenCalled();

    // Asking about what the role needs instead clears it.
    await user.clear(label);
    await user.type(label, 'Can you work weekend shifts?');
    expect(screen.queryByText(explained)).toBeNull();
    // Since the save was tried, what the question still lacks shows in its place.
    expect(label).toHaveAccessibleDescription('Why we ask is required.');
  });

  it('explains health wording in why a question is asked, too', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Add a question' }));
    await user.type(screen.getByRole('textbox', { name: 'Question 1' }), 'Can you lift boxes?');
    await user.type(
      within(questionCard(1)).getByRole('textbox', { name: 'Why we ask (shown to applicants)' }),
      'Because of a past injury claim.',
    );
    expect(await screen.findByText(healthWordingMessage('Why we ask', 'injury'))).toBeInTheDocument();
  });
});
