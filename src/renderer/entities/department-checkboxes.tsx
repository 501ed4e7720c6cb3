import { useId } from 'react';
import { Checkbox, Spinner } from '@fluentui/react-components';
import { useStyles } from './department-checkboxes.styles';

export interface DepartmentCheckboxesProps {
  /** What the group asks, with whether it is optional ("… (optional)", "… (at least one)"). */
  legend: string;
  departments: ReadonlyArray<{ name: string; slug: string }>;
  /** The slugs ticked, in the order they were ticked. */
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
  loading?: boolean;
  /** The group's refusal, said under it and tied to it for screen readers. */
  error?: string;
}

/**
 * The departments a person is interested in, one box each (docs/behaviour.md#the-talent-pool):
 * joining the talent pool from the careers site and keeping one's details after a rejection ask
 * the same question the same way.
 */
export function DepartmentCheckboxes({
  legend,
  departments,
  chosen,
  onChange,
  loading = false,
  error,
}: DepartmentCheckboxesProps) {
  const styles = useStyles();
  const errorId = useId();
  return (
    <fieldset
      className={styles.fieldset}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className={styles.legend}>{legend}</legend>
      {loading && <Spinner size="tiny" label="Loading departments" />}
      {departments.map((department) => (
        <Checkbox
          key={department.slug}
          label={department.name}
          checked={chosen.includes(department.slug)}
          onChange={(_, data) =>
            onChange(
              data.checked === true
                ? [...chosen, department.slug]
                : chosen.filter((slug) => slug !== department.slug),
            )
          }
        />
      ))}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
