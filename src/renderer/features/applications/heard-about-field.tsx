import { Field, Select } from '@fluentui/react-components';
import {
  HEARD_ABOUT_FIELD,
  HEARD_ABOUT_QUESTION,
  heardAboutOptions,
} from '../../../shared/sources/source-contract';
import { visitSource } from '../../lib/source-marker';
import { useStyles } from './application-form.styles';
import { labelFor } from './application-form-fields';

/**
 * "How did you hear about this job?": optional, one of a fixed list the server checks again
 * (docs/behaviour.md#sources). Left to the browser (uncontrolled), so a choice made on the page the
 * server drew, before the app runs, is still there when the form is sent. Blank is no answer.
 */
export function HeardAboutField({ disabled }: { disabled: boolean }) {
  const styles = useStyles();
  return (
    <Field
      label={labelFor(HEARD_ABOUT_QUESTION, 'apply-heard-about')}
      hint="Optional"
      className={styles.heardAbout}
    >
      <Select id="apply-heard-about" name={HEARD_ABOUT_FIELD} defaultValue="" disabled={disabled}>
        <option value="">Choose an answer</option>
        {heardAboutOptions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** What the form sends of where the applicant came from: the visit's source and their answer. */
export function sourceFields(form: HTMLFormElement): {
  source?: string;
  referrerHost?: string;
  heardAbout?: string;
} {
  const answer = new FormData(form).get(HEARD_ABOUT_FIELD);
  return { ...visitSource(), ...(typeof answer === 'string' && answer ? { heardAbout: answer } : {}) };
}
