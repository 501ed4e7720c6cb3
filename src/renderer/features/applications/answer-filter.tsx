import { useMemo, useState } from 'react';
import { Field, Input, Select } from '@fluentui/react-components';
import type { AdminJob } from '../../../shared/jobs/job-contract';
import { isChoice, type Question } from '../../../shared/questions/question-contract';
import { useGetAdminJobsQuery } from '../../entities/admin-jobs-api';
import { useGetApplicationsAnsweringQuery } from '../../entities/application-admin-api';
import { answerFilterOf, type ListFilter } from './application-filters';

/**
 * The applications that gave the answer the list's address names, as a set of ids; undefined
 * while no answer is chosen. The server matches the answers (docs/behaviour.md#questions-per-job).
 */
export function useAnswerFilter(filter: ListFilter, enabled: boolean) {
  const wanted = answerFilterOf(filter);
  // currentData: while another answer loads, the last one's matches are not shown as this one's.
  const { currentData: data, error } = useGetApplicationsAnsweringQuery(
    wanted ?? { question: '', answer: '' },
    {
      skip: !enabled || !wanted,
    },
  );
  const active = wanted !== undefined;
  const answered = useMemo(() => (active ? new Set(data ?? []) : undefined), [active, data]);
  return { answered, loading: active && data === undefined && !error, error };
}

/** The choices an answer can be picked from, as the server matches them; none for free text. */
function choicesOf(question: Question): [string, string][] {
  if (question.type === 'yes-no')
    return [
      ['yes', 'Yes'],
      ['no', 'No'],
    ];
  return isChoice(question.type) ? question.options.map((option) => [option, option]) : [];
}

/** A free-text answer: applied on Enter or on leaving the box, so each keystroke is not a search. */
function TypedAnswer({ value, onApply }: { value: string; onApply: (answer: string) => void }) {
  const [text, setText] = useState(value);
  const apply = () => {
    if (text.trim() !== value) onApply(text.trim());
  };
  return (
    <Input
      value={text}
      onChange={(_event, change) => setText(change.value)}
      onBlur={apply}
      onKeyDown={(event) => {
        if (event.key === 'Enter') apply();
      }}
    />
  );
}

/**
 * "Answer to" a question of the jobs (those of the chosen job, when one is), then the answer:
 * picked from the question's choices, or typed for a text, number or date question.
 */
export function AnswerFilter({
  filter,
  onChange,
  className,
}: {
  filter: ListFilter;
  onChange: (change: Pick<ListFilter, 'question' | 'answer'>) => void;
  className?: string;
}) {
  const { data: jobs } = useGetAdminJobsQuery();
  // Only jobs that ask something; a post saved before questions existed may come without them.
  const asking = useMemo(
    () => (jobs ?? []).filter((job) => Array.isArray(job.questions) && job.questions.length > 0),
    [jobs],
  );
  const shown: AdminJob[] = asking.some((job) => job._id === filter.job)
    ? asking.filter((job) => job._id === filter.job)
    : asking;
  const chosen = filter.question
    ? asking.flatMap((job) => job.questions).find((question) => question.id === filter.question)
    : undefined;
  const listed = shown.some((job) => job.questions.some((question) => question.id === filter.question));
  if (asking.length === 0 && !filter.question) return null;
  const choices = chosen ? choicesOf(chosen) : [];
  // An answer the address names in other words ("urdu" for "Urdu") still shows as chosen.
  if (filter.answer && choices.length > 0 && !choices.some(([value]) => value === filter.answer))
    choices.push([filter.answer, filter.answer]);

  return (
    <>
      <Field label="Answer to" className={className}>
        <Select
          value={filter.question ?? ''}
          onChange={(_event, change) => onChange({ question: change.value || undefined, answer: undefined })}
        >
          <option value="">Any question</option>
          {shown.map((job) => (
            <optgroup key={job._id} label={job.jobTitle}>
              {job.questions.map((question) => (
                <option key={question.id} value={question.id}>
                  {question.label}
                </option>
              ))}
            </optgroup>
          ))}
          {filter.question && !listed && (
            <option value={filter.question}>{chosen?.label ?? 'A question no longer asked'}</option>
          )}
        </Select>
      </Field>
      {filter.question && (
        <Field label="Answer" className={className}>
          {choices.length > 0 ? (
            <Select
              value={filter.answer ?? ''}
              onChange={(_event, change) =>
                onChange({ question: filter.question, answer: change.value || undefined })
              }
            >
              <option value="">Any answer</option>
              {choices.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          ) : (
            <TypedAnswer
              key={`${filter.question}\u0000${filter.answer ?? ''}`}
              value={filter.answer ?? ''}
              onApply={(answer) => onChange({ question: filter.question, answer: answer || undefined })}
            />
          )}
        </Field>
      )}
    </>
  );
}
