import { useId, useRef } from 'react';
import { Button, Field, Input, Text } from '@fluentui/react-components';
import { ArrowResetRegular } from '@fluentui/react-icons/headless/svg/arrow-reset';
import { TILE_LABELS } from '../../../shared/jobs/job-tiles';
import { derivedTexts, type CardText, type JobFactsDraft } from './job-facts-draft';
import { useStyles } from './job-form.styles';

export interface CardTextFieldsProps {
  mode: 'create' | 'edit';
  facts: JobFactsDraft;
  /** The administrator's own wording of each text; null while it follows the facts. */
  own: Record<CardText, string | null>;
  onChange: (field: CardText, text: string | null) => void;
  /** The server's messages: the form itself never faults a text the facts can write. */
  errors: Partial<Record<CardText, string>>;
}

/**
 * "How it reads on the card": the specification's location, hours and CTC texts, written from the
 * facts as they are chosen. Typing in one makes it the administrator's own wording, which the facts
 * no longer change, until "Use the wording from the facts" hands it back to them. A text that
 * follows the facts is sent blank, so the server keeps writing it from them after later edits.
 */
export function CardTextFields({ mode, facts, own, onChange, errors }: CardTextFieldsProps) {
  const styles = useStyles();
  const id = useId();
  const derived = derivedTexts(facts);
  // The create form's "Work Hours"; the edit form keeps the specification's "Start Date" while the
  // job names no employment type, the one case where the card's tile says so too.
  const hoursLabel =
    mode === 'create' || facts.employmentTypes.length > 0 ? 'Work Hours' : TILE_LABELS.startDate;
  const fields: { field: CardText; label: string; placeholder: string }[] = [
    { field: 'location', label: 'Location', placeholder: 'e.g. Northampton' },
    { field: 'hours', label: hoursLabel, placeholder: 'e.g. Full time, 37.5 hours' },
    { field: 'ctc', label: 'CTC', placeholder: 'e.g. £24,000 - £27,000' },
  ];
  const inputs = useRef<Partial<Record<CardText, HTMLInputElement | null>>>({});
  return (
    <fieldset className={styles.cardTexts} aria-describedby={`${id}-about`}>
      <legend className={styles.legend}>How it reads on the card</legend>
      <Text id={`${id}-about`} size={200} className={styles.hint}>
        Written from the facts above as you choose them. Change a text to word it differently; it then stays
        as you wrote it.
      </Text>
      <div className={styles.cardTextGrid}>
        {fields.map(({ field, label, placeholder }) => {
          const mine = own[field];
          const change = (text: string) => onChange(field, text === derived[field] ? null : text);
          return (
            <div key={field} className={styles.cardText}>
              <Field
                label={label}
                hint={mine === null ? undefined : 'Your own wording: the facts no longer change it.'}
                validationMessage={errors[field]}
                validationState={errors[field] ? 'error' : 'none'}
              >
                <Input
                  ref={(element) => {
                    inputs.current[field] = element;
                  }}
                  data-field={field}
                  value={mine ?? derived[field]}
                  placeholder={placeholder}
                  onChange={(_e, data) => change(data.value)}
                  // Emptied, it follows the facts again rather than stay a blank of its own.
                  onBlur={() => {
                    if (mine !== null && mine.trim() === '') onChange(field, null);
                  }}
                />
              </Field>
              {mine !== null && derived[field] !== '' && (
                <Button
                  appearance="subtle"
                  size="small"
                  className={styles.reset}
                  icon={<ArrowResetRegular aria-hidden="true" />}
                  onClick={() => {
                    onChange(field, null);
                    // The button goes with the wording it restores: focus stays on the text.
                    inputs.current[field]?.focus();
                  }}
                >
                  Use the wording from the facts<span className="visually-hidden"> for {label}</span>
                </Button>
              )}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
