import { Field, Select } from '@fluentui/react-components';
import type { Job } from '../../../shared/jobs/job-contract';
import { useGetDepartmentsQuery } from './departments-api';
import { departmentOptions } from './department-filter';

/** The job table's department filter: every department with how many of the listed jobs it has. */
export function JobDepartmentFilter({
  jobs,
  value,
  onChange,
  className,
}: {
  jobs: readonly Job[];
  value: string;
  onChange: (slug: string) => void;
  className?: string;
}) {
  // A failed load only narrows the choice to the departments the jobs name.
  const { data: departments = [] } = useGetDepartmentsQuery();
  const options = departmentOptions(departments, jobs, value);
  return (
    <Field label="Department" className={className}>
      <Select value={value} onChange={(_event, change) => onChange(change.value)}>
        <option value="">{`All departments (${jobs.length})`}</option>
        {options.map((option) => (
          <option key={option.slug} value={option.slug}>
            {`${option.name} (${option.count})`}
          </option>
        ))}
      </Select>
    </Field>
  );
}
