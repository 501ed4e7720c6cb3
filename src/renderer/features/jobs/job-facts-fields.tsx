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
import { messages } from '../../../shared/messages';
import {
  derivedText,
  EMPLOYMENT_TYPES,
  factsProblems,
  jobFactsInputShape,
  PAY_PERIODS,
  WORKPLACE_TYPES,
  type EmploymentType,
  type JobFacts,
  type PayPeriod,
  type WorkplaceType,
} from '../../../shared/jobs/job-facts';
import { useGetDepartmentsQuery } from './departments-api';
import { useStyles } from './job-form.styles';

/** The facts as the form holds them: text boxes keep what is typed until it is sent. */
export interface JobFactsDraft {
  departmentId: string;
  towns: string;
  workplaceType: WorkplaceType | '';
  remoteCountry: string;
  employmentTypes: EmploymentType[];
  payMin: string;
  payMax: string;
  payPeriod: PayPeriod;
}

export type JobFactField =
  'departmentId' | 'locations' | 'workplaceType' | 'remoteCountry' | 'employmentTypes' | 'pay';
export type JobFactErrors = Partial<Record<JobFactField, string>>;

export const emptyJobFacts = (): JobFactsDraft => ({
  departmentId: '',
  towns: '',
  workplaceType: '',
  remoteCountry: '',
  employmentTypes: [],
  payMin: '',
  payMax: '',
  payPeriod: 'year',
});

export const jobFactsDraftFrom = (facts: JobFacts): JobFactsDraft => ({
  departmentId: facts.department?._id ?? '',
  towns: facts.locations.join(', '),
  workplaceType: facts.workplaceType ?? '',
  remoteCountry: facts.remoteCountry ?? '',
  employmentTypes: [...facts.employmentTypes],
  payMin: facts.pay ? String(facts.pay.min) : '',
  payMax: facts.pay && facts.pay.max !== facts.pay.min ? String(facts.pay.max) : '',
  payPeriod: facts.pay?.period ?? 'year',
});

const amount = (text: string) => (text.trim() === '' ? undefined : Number(text.replace(/[£,\s]/g, '')));

/** The facts as the API takes them (src/shared/jobs/job-facts.ts). */
export function jobFactsInput(draft: JobFactsDraft) {
  const min = amount(draft.payMin);
  const max = amount(draft.payMax);
  return {
    departmentId: draft.departmentId || null,
    locations: draft.towns.split(',').map((town) => town.trim()),
    workplaceType: draft.workplaceType || null,
    remoteCountry: draft.remoteCountry.trim() || null,
    employmentTypes: draft.employmentTypes,
    pay: min === undefined && max === undefined ? null : { min: (min ?? max)!, max, period: draft.payPeriod },
  };
}

/** Each fact's message from the shared rules, the first per field. */
export function validateJobFacts(draft: JobFactsDraft): JobFactErrors {
  const input = jobFactsInput(draft);
  const errors: JobFactErrors = {};
  for (const [field, schema] of Object.entries(jobFactsInputShape)) {
    const result = schema.safeParse(input[field as keyof typeof input]);
    if (!result.success) errors[field as JobFactField] ??= result.error.issues[0]!.message;
  }
  for (const problem of factsProblems({
    workplaceType: input.workplaceType,
    remoteCountry: input.remoteCountry,
  }))
    errors[problem.path as JobFactField] ??= problem.message;
  return errors;
}

/** A text may be left blank where the facts say it; the server writes it from them. */
export function unstatedTexts(
  texts: Record<'location' | 'hours' | 'ctc', string>,
  draft: JobFactsDraft,
  factErrors: JobFactErrors,
): Partial<Record<'location' | 'hours' | 'ctc', string>> {
  const facts = jobFactsInput(draft);
  const stated = {
    location: derivedText.location(facts),
    hours: derivedText.hours(facts),
    ctc: facts.pay && !factErrors.pay ? 'stated' : '',
  };
  const labels = { location: 'Location', hours: 'Work hours', ctc: 'CTC' } as const;
  return Object.fromEntries(
    (['location', 'hours', 'ctc'] as const)
      .filter((field) => texts[field].trim() === '' && stated[field] === '')
      .map((field) => [field, messages.fieldRequired(labels[field])]),
  );
}

export interface JobFactsFieldsProps {
  value: JobFactsDraft;
  onChange: (next: JobFactsDraft, field: JobFactField) => void;
  errors: JobFactErrors;
}

/** The job's facts (docs/behaviour.md#job-facts): what filters, feeds and the blank texts are made from. */
export function JobFactsFields({ value, onChange, errors }: JobFactsFieldsProps) {
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
      <Field label="Towns" hint="One or more, separated by commas." {...state('locations')}>
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
      <Field
        label="Remote country"
        hint="For a remote job: where applicants must live, e.g. UK."
        {...state('remoteCountry')}
      >
        <Input
          data-field="remoteCountry"
          value={value.remoteCountry}
          onChange={(_e, data) => set('remoteCountry', { remoteCountry: data.value })}
        />
      </Field>
      {/* Check boxes outside a Field: a Field gives its one id to every control inside it. */}
      <div
        role="group"
        aria-labelledby={`${id}-types`}
        aria-describedby={errors.employmentTypes ? `${id}-types-error` : undefined}
        data-field="employmentTypes"
        tabIndex={-1}
        className={styles.wide}
      >
        <Label id={`${id}-types`}>Employment type</Label>
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
        {errors.employmentTypes && (
          <Text id={`${id}-types-error`} role="alert">
            {errors.employmentTypes}
          </Text>
        )}
      </div>
      <Field label="Pay from (£)" hint="One figure: leave 'Pay to' empty." {...state('pay')}>
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
      <Field label="Pay period">
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
