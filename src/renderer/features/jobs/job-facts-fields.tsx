import { useId } from 'react';
import {
  Checkbox,
  Dropdown,
  Field,
  Input,
  Label,
  Option,
  Radio,
  RadioGroup,
  Text,
} from '@fluentui/react-components';
import {
  EMPLOYMENT_TYPES,
  PAY_PERIODS,
  WORKPLACE_TYPES,
  type PayPeriod,
  type WorkplaceType,
} from '../../../shared/jobs/job-facts';
import { useGetDepartmentsQuery } from './departments-api';
import type { FactsNeeded, JobFactErrors, JobFactField, JobFactsDraft } from './job-facts-draft';
import { useStyles } from './job-form.styles';

export interface JobFactsFieldsProps {
  value: JobFactsDraft;
  onChange: (next: JobFactsDraft, field: JobFactField) => void;
  errors: JobFactErrors;
  /** The facts publishing needs now, marked required; null on the edit form, which marks none. */
  needed: FactsNeeded | null;
}

/**
 * The job's facts (docs/behaviour.md#job-facts): the questions about place, employment and pay,
 * asked once. Filters and feeds read them, and the card's texts are written from them.
 */
export function JobFactsFields({ value, onChange, errors, needed }: JobFactsFieldsProps) {
  const styles = useStyles();
  const id = useId();
  const { data: departments = [] } = useGetDepartmentsQuery();
  const set = (field: JobFactField, change: Partial<JobFactsDraft>) =>
    onChange({ ...value, ...change }, field);
  const state = (field: JobFactField) => ({
    validationMessage: errors[field],
    validationState: errors[field] ? ('error' as const) : ('none' as const),
  });
  const departmentName = departments.find((department) => department._id === value.departmentId)?.name ?? '';
  const typesHintId = `${id}-types-hint`;
  const typesErrorId = `${id}-types-error`;
  return (
    <>
      <Field label="Department" {...state('departmentId')}>
        <Dropdown
          data-field="departmentId"
          placeholder="No department"
          value={departmentName}
          selectedOptions={value.departmentId ? [value.departmentId] : []}
          onOptionSelect={(_event, data) => set('departmentId', { departmentId: data.optionValue ?? '' })}
        >
          <Option value="">No department</Option>
          {departments.map((department) => (
            <Option key={department._id} value={department._id}>
              {department.name}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field
        label="Towns"
        required={needed?.locations}
        hint={
          value.workplaceType === 'remote'
            ? 'Optional for a remote job: a town to meet in, if any.'
            : 'One or more, separated by commas.'
        }
        {...state('locations')}
      >
        <Input
          data-field="locations"
          value={value.towns}
          onChange={(_e, data) => set('locations', { towns: data.value })}
        />
      </Field>
      <Field label="Workplace type" {...state('workplaceType')}>
        <RadioGroup
          data-field="workplaceType"
          layout="horizontal"
          value={value.workplaceType}
          onChange={(_e, data) => set('workplaceType', { workplaceType: data.value as WorkplaceType })}
        >
          {WORKPLACE_TYPES.map((type) => (
            <Radio key={type.code} value={type.code} label={type.words} />
          ))}
        </RadioGroup>
      </Field>
      {/* Asked only of a remote job, the one that needs it. */}
      {value.workplaceType === 'remote' && (
        <Field
          label="Remote country"
          required={needed?.remoteCountry}
          hint="Where applicants must live, e.g. UK."
          {...state('remoteCountry')}
        >
          <Input
            data-field="remoteCountry"
            value={value.remoteCountry}
            onChange={(_e, data) => set('remoteCountry', { remoteCountry: data.value })}
          />
        </Field>
      )}
      {/* Check boxes outside a Field: a Field gives its one id to every control inside it. A group
          cannot carry aria-required, so its hint says it in words beside the asterisk. */}
      <div
        role="group"
        aria-labelledby={`${id}-types`}
        aria-describedby={[errors.employmentTypes ? typesErrorId : '', typesHintId].filter(Boolean).join(' ')}
        data-field="employmentTypes"
        tabIndex={-1}
        className={styles.wide}
      >
        <Label id={`${id}-types`} required={needed?.employmentTypes}>
          Employment type
        </Label>
        <Text id={typesHintId} size={200} className={styles.hint}>
          {needed?.employmentTypes ? 'Required: choose one or more.' : 'Choose any that apply.'}
        </Text>
        <div className={styles.checks}>
          {EMPLOYMENT_TYPES.map((type) => (
            <Checkbox
              key={type.code}
              label={type.words}
              checked={value.employmentTypes.includes(type.code)}
              onChange={(_e, data) =>
                set('employmentTypes', {
                  employmentTypes: data.checked
                    ? [...value.employmentTypes, type.code]
                    : value.employmentTypes.filter((code) => code !== type.code),
                })
              }
            />
          ))}
        </div>
        {errors.employmentTypes && (
          <Text id={typesErrorId} role="alert" className={styles.error}>
            {errors.employmentTypes}
          </Text>
        )}
      </div>
      <Field
        label="Pay from (£)"
        required={needed?.pay}
        hint="One figure: leave 'Pay to' empty."
        {...state('pay')}
      >
        <Input
          data-field="pay"
          inputMode="decimal"
          value={value.payMin}
          onChange={(_e, data) => set('pay', { payMin: data.value })}
        />
      </Field>
      <Field label="Pay to (£)">
        <Input
          inputMode="decimal"
          value={value.payMax}
          onChange={(_e, data) => set('pay', { payMax: data.value })}
        />
      </Field>
      <Field label="Pay period" className={styles.wide}>
        <RadioGroup
          layout="horizontal"
          value={value.payPeriod}
          onChange={(_e, data) => set('pay', { payPeriod: data.value as PayPeriod })}
        >
          {PAY_PERIODS.map((period) => (
            <Radio key={period.code} value={period.code} label={period.words} />
          ))}
        </RadioGroup>
      </Field>
    </>
  );
}
