import { useId, useState, type FormEvent } from 'react';
import { Button, Field, Radio, RadioGroup, Spinner, Textarea } from '@fluentui/react-components';
import {
  MAX_SCORECARD_NOTE_LENGTH,
  ratingLabels,
  recommendationLabels,
  recommendations,
  type Recommendation,
} from '../../../shared/interviews/interview-contract';
import { errorMessage, errorStatus } from '../../store/api-error';
import { useToast } from '../../feedback/use-toast';
import { useSubmitScorecardMutation } from './interviews-api';
import { useStyles } from './interviews.styles';

const RATINGS = [1, 2, 3, 4] as const;

/**
 * An interviewer's scorecard: each of the job's requirements rated 1 to 4 with a note, and an
 * overall recommendation. Radio groups: labelled, and the arrow keys move between choices.
 */
export function ScorecardForm({
  applicationId,
  criteria,
}: {
  applicationId: string;
  criteria: readonly string[];
}) {
  const styles = useStyles();
  const toast = useToast();
  const formId = useId();
  const [ratings, setRatings] = useState<(number | undefined)[]>(() => criteria.map(() => undefined));
  const [notes, setNotes] = useState<string[]>(() => criteria.map(() => ''));
  const [recommendation, setRecommendation] = useState<Recommendation | undefined>();
  const [refusal, setRefusal] = useState<string | undefined>();
  const [submitScorecard, { isLoading }] = useSubmitScorecardMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (ratings.some((rating) => rating === undefined) || !recommendation) {
      setRefusal('Rate each requirement and choose a recommendation.');
      return;
    }
    setRefusal(undefined);
    try {
      await submitScorecard({
        id: applicationId,
        scorecard: {
          ratings: criteria.map((criterion, index) => ({
            criterion,
            rating: ratings[index] ?? 0,
            note: notes[index] ?? '',
          })),
          recommendation,
        },
      }).unwrap();
      toast.success('Scorecard submitted.', { applicationScreen: true });
    } catch (cause) {
      if (errorStatus(cause) === 401) return;
      setRefusal(errorMessage(cause, 'The scorecard could not be submitted. Please try again.'));
    }
  };

  return (
    <form
      className={styles.form}
      aria-labelledby={`${formId}-title`}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <h3 id={`${formId}-title`} className={styles.formTitle}>
        Your scorecard
      </h3>
      {criteria.map((criterion, index) => (
        <fieldset key={criterion} className={styles.fieldset}>
          <legend className={styles.legend}>{criterion}</legend>
          <Field label={`Rating for ${criterion}`} required>
            <RadioGroup
              layout="horizontal"
              className={styles.ratings}
              value={ratings[index] === undefined ? '' : String(ratings[index])}
              onChange={(_event, data) => {
                setRatings((current) =>
                  current.map((rating, at) => (at === index ? Number(data.value) : rating)),
                );
                setRefusal(undefined);
              }}
            >
              {RATINGS.map((rating) => (
                <Radio
                  key={rating}
                  value={String(rating)}
                  className={styles.choice}
                  label={{ children: `${rating}: ${ratingLabels[rating]}`, className: styles.choiceLabel }}
                />
              ))}
            </RadioGroup>
          </Field>
          <Field label={`Note on ${criterion} (optional)`}>
            <Textarea
              value={notes[index]}
              maxLength={MAX_SCORECARD_NOTE_LENGTH}
              onChange={(_event, data) =>
                setNotes((current) => current.map((note, at) => (at === index ? data.value : note)))
              }
            />
          </Field>
        </fieldset>
      ))}
      <Field label="Overall recommendation" required>
        <RadioGroup
          layout="horizontal"
          className={styles.ratings}
          value={recommendation ?? ''}
          onChange={(_event, data) => {
            setRecommendation(data.value as Recommendation);
            setRefusal(undefined);
          }}
        >
          {recommendations.map((choice) => (
            <Radio
              key={choice}
              value={choice}
              className={styles.choice}
              label={{ children: recommendationLabels[choice], className: styles.choiceLabel }}
            />
          ))}
        </RadioGroup>
      </Field>
      {refusal && (
        <p className={styles.refusal} role="alert">
          {refusal}
        </p>
      )}
      <div className={styles.actions}>
        <Button
          type="submit"
          appearance="primary"
          disabledFocusable={isLoading}
          icon={isLoading ? <Spinner size="tiny" /> : undefined}
        >
          Submit scorecard
        </Button>
      </div>
    </form>
  );
}
