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
  /** Adds question `n` by keyboard: the new question takes the focus, so the admin types straight into it. */
  async function addQuestion(user: ReturnType<typeof userEvent.setup>, n: number, label: string) {
    await user.click(screen.getByRole('button', { name: 'Add a question' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: `Question ${n}` })).toHaveFocus());
    // Pasted where the focus is: typing key by key re-renders the whole job form for each key,
    // which on a busy machine took this file's tests to their time limit.
    await user.paste(label);
    return questionCard(n);
  }

  /** Puts `text` into `field` at once, as a paste (see addQuestion). */
  async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
    await user.click(field);
    await user.paste(text);
  }

  // One type a test: typing into the form is slow in a simulated browser, and each type is its own case.
  it.each(QUESTION_TYPES)(
    'adds a %s question, offering choices and a knock-out only where they fit',
    async (type) => {
      const user = userEvent.setup();
      const onSubmit = renderForm();
      const editor = screen.getByRole('group', { name: 'Questions for applicants' });
      expect(within(editor).queryByRole('region')).toBeNull();

      const card = await addQuestion(user, 1, `Question of type ${type}`);
      await fill(
        user,
        within(card).getByRole('textbox', { name: 'Why we ask (shown to applicants)' }),
        'The role needs it.',
      );
      await user.selectOptions(
        within(card).getByRole('combobox', { name: 'Answer type' }),
        questionTypeLabels[type],
      );
      const hasChoices = type === 'one-of' || type === 'several-of';
      const choices = within(card).queryByRole('textbox', { name: /Choices, one a line/ });
      const knockOut = within(card).queryByRole('checkbox', { name: /Knock-out/ });
      expect(choices !== null).toBe(hasChoices);
      expect(knockOut !== null).toBe(type === 'yes-no' || hasChoices);
      if (hasChoices) await user.type(choices!, 'Urdu{Enter}Arabic');

      await user.click(screen.getByRole('button', { name: 'Update Post' }));
      expect(onSubmit).toHaveBeenCalledTimes(1);
      expect(onSubmit.mock.calls[0]![0].questions).toEqual([
        {
          type,
          label: `Question of type ${type}`,
          purpose: 'The role needs it.',
          required: false,
          options: hasChoices ? ['Urdu', 'Arabic'] : [],
          knockOut: null,
        },
      ]);
    },
  );

  it('numbers a second question after the first; a knock-out on a yes-or-no question sends its reply', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    // A new question is a yes-or-no one until another type is chosen.
    const first = await addQuestion(user, 1, 'Do you have the right to work in the UK?');
    await fill(
      user,
      within(first).getByRole('textbox', { name: 'Why we ask (shown to applicants)' }),
      'The law.',
    );
    // "No" ends the application with the job's reply.
    await user.click(within(first).getByRole('checkbox', { name: 'Must be answered' }));
    await user.click(within(first).getByRole('checkbox', { name: /Knock-out/ }));
    await user.click(within(first).getByRole('checkbox', { name: 'Ends it: No' }));
    await fill(
      user,
      within(first).getByRole('textbox', { name: 'Reply the applicant then gets' }),
      'Thank you. We can only consider applicants with the right to work in the UK.',
    );
    const second = await addQuestion(user, 2, 'Which languages do you speak?');
    await fill(
      user,
      within(second).getByRole('textbox', { name: 'Why we ask (shown to applicants)' }),
      'Customers.',
    );
    await user.selectOptions(
      within(second).getByRole('combobox', { name: 'Answer type' }),
      questionTypeLabels['several-of'],
    );
    await user.type(
      within(second).getByRole('textbox', { name: /Choices, one a line/ }),
      'Urdu{Enter}Arabic',
    );

    await user.click(screen.getByRole('button', { name: 'Update Post' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const { questions } = onSubmit.mock.calls[0]![0];
    expect(questions).toEqual([
      {
        type: 'yes-no',
        label: 'Do you have the right to work in the UK?',
        purpose: 'The law.',
        required: true,
        options: [],
        knockOut: {
          answers: ['no'],
          message: 'Thank you. We can only consider applicants with the right to work in the UK.',
        },
      },
      expect.objectContaining({
        type: 'several-of',
        options: ['Urdu', 'Arabic'],
        knockOut: null,
        required: false,
      }),
    ]);
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
