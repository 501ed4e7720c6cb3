import { useState, type FormEvent } from 'react';
import { Button, Field, Input, Select } from '@fluentui/react-components';
import type { ReportChoices, ReportFilters } from '../../../shared/reports/reports-contract';
import { isCalendarDate } from '../../../shared/format/calendar-date';
import { useStyles } from './reports.styles';

/**
 * The reports' filters. A choice applies at once; the dates apply when the field is left or the
 * form is sent (Enter), so typing a date does not fetch the figures for every digit, nor leave a
 * page of history behind.
 */
export function ReportFiltersForm({
  filters,
  range,
  choices,
  onChange,
}: {
  filters: ReportFilters;
  /** The dates shown: the address's, else the server's default range. */
  range: { from: string; to: string };
  choices: ReportChoices | undefined;
  onChange: (next: ReportFilters) => void;
}) {
  const styles = useStyles();
  const [dates, setDates] = useState(range);
  const [shown, setShown] = useState(range);
  // The address or the server's answer moved the range (the back button, a fresh default).
  if (shown.from !== range.from || shown.to !== range.to) {
    setShown(range);
    setDates(range);
  }
  const invalid =
    (dates.from && !isCalendarDate(dates.from)) || (dates.to && !isCalendarDate(dates.to))
      ? 'Enter each date in full.'
      : dates.from && dates.to && dates.from > dates.to
        ? 'The start date must be on or before the end date.'
        : undefined;

  const applyDates = () => {
    if (invalid || (dates.from === range.from && dates.to === range.to)) return;
    onChange({ ...filters, from: dates.from || undefined, to: dates.to || undefined });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    applyDates();
  };
  const choose = (key: 'jobId' | 'department' | 'source', value: string) =>
    onChange({ ...filters, [key]: value || undefined });

  return (
    <form className={styles.filters} onSubmit={submit}>
      <Field label="From" validationMessage={invalid} validationState={invalid ? 'error' : 'none'}>
        <Input
          type="date"
          value={dates.from}
          max={dates.to || undefined}
          onChange={(_, change) => setDates((current) => ({ ...current, from: change.value }))}
          onBlur={applyDates}
        />
      </Field>
      <Field label="To">
        <Input
          type="date"
          value={dates.to}
          min={dates.from || undefined}
          onChange={(_, change) => setDates((current) => ({ ...current, to: change.value }))}
          onBlur={applyDates}
        />
      </Field>
      <Field label="Job">
        <Select value={filters.jobId ?? ''} onChange={(_, change) => choose('jobId', change.value)}>
          <option value="">All jobs</option>
          {choices?.jobs.map((job) => (
            <option key={job.id} value={job.id}>
              {job.title}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Department">
        <Select value={filters.department ?? ''} onChange={(_, change) => choose('department', change.value)}>
          <option value="">All departments</option>
          {choices?.departments.map((department) => (
            <option key={department.slug} value={department.slug}>
              {department.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Source">
        <Select value={filters.source ?? ''} onChange={(_, change) => choose('source', change.value)}>
          <option value="">All sources</option>
          {choices?.sources.map((source) => (
            <option key={source.source} value={source.source}>
              {source.label}
            </option>
          ))}
        </Select>
      </Field>
      <Button type="submit">Apply dates</Button>
    </form>
  );
}
