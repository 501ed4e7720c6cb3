import { useId } from 'react';
import { Checkbox, Field, Textarea } from '@fluentui/react-components';
import { INLINE_INDICATOR } from './question-fields';
import { MAX_ADJUSTMENTS_LENGTH } from '../../../shared/adjustments/adjustments-contract';
import { EmailAddress } from '../../components/email-address';
import { siteConfig } from '../../../shared/site/site-config';
import { useStyles } from './adjustments-fieldset.styles';

export interface AdjustmentAnswers {
  adjustments: string;
  disabilityConfident: boolean;
}

/**
 * The apply form's optional questions about adjustments, and another way to apply. What is
 * written here goes to the adjustments contact alone, never to the people shortlisting
 * (docs/behaviour.md#adjustments).
 */
export function AdjustmentsFieldset({
  value,
  onChange,
  disabled,
  error,
}: {
  value: AdjustmentAnswers;
  onChange(value: AdjustmentAnswers): void;
  disabled: boolean;
  error?: string;
}) {
  const styles = useStyles();
  const legendId = useId();
  return (
    <fieldset className={styles.fieldset} aria-labelledby={legendId}>
      <legend id={legendId} className={styles.legend}>
        Adjustments (optional)
      </legend>
      <p className={styles.text}>
        If you need anything changed to apply or to be interviewed, tell us here. Only our adjustments contact
        reads it, not the people who shortlist.
      </p>
      <Field
        label={{
          children: 'Adjustments you need to apply or to be interviewed',
          htmlFor: 'apply-adjustments',
        }}
        validationMessage={error}
        hint={`Optional, up to ${MAX_ADJUSTMENTS_LENGTH} characters.`}
      >
        <Textarea
          id="apply-adjustments"
          name="adjustments"
          resize="vertical"
          rows={3}
          value={value.adjustments}
          onChange={(_, data) => onChange({ ...value, adjustments: data.value })}
          disabled={disabled}
        />
      </Field>
      <Checkbox
        id="apply-disability-confident"
        name="disabilityConfident"
        value="true"
        checked={value.disabilityConfident}
        onChange={(_, data) => onChange({ ...value, disabilityConfident: data.checked === true })}
        disabled={disabled}
        label="I would like to be considered under the Disability Confident scheme"
        indicator={INLINE_INDICATOR}
      />
      <p className={styles.text}>
        Under the scheme, we interview disabled applicants who meet the minimum criteria for the role. The
        people shortlisting see only that, not why.
      </p>
      <p className={styles.text}>
        Prefer not to apply online? Call us on{' '}
        <a className={styles.link} href={siteConfig.phoneHref}>
          {siteConfig.phone}
        </a>{' '}
        ({siteConfig.openingHours.footer}) or e-mail{' '}
        <a className={styles.link} href={`mailto:${siteConfig.careersEmail}`}>
          <EmailAddress address={siteConfig.careersEmail} />
        </a>{' '}
        and we will find another way for you to apply.
      </p>
    </fieldset>
  );
}
