import { useState, type FormEvent } from 'react';
import { Button, Field, Input } from '@fluentui/react-components';
import { departmentInputSchema, type DepartmentListItem } from '../../../shared/jobs/department-contract';
import { errorMessage } from '../../store/api-error';
import { useToast } from '../../feedback/use-toast';
import { PageLoading } from '../../components/page-loading';
import { AdminPageHeader, useAdminStyles } from '../../layout/admin-page';
import {
  useCreateDepartmentMutation,
  useDeleteDepartmentMutation,
  useGetDepartmentsQuery,
  useRenameDepartmentMutation,
} from './departments-api';

/** A name as the shared rule takes it, or the rule's message. */
const checkName = (name: string) => {
  const result = departmentInputSchema.safeParse({ name });
  return result.success ? { name: result.data.name } : { error: result.error.issues[0]!.message };
};

function DepartmentRow({ department }: { department: DepartmentListItem }) {
  const toast = useToast();
  const [name, setName] = useState(department.name);
  const [error, setError] = useState<string>();
  const [rename, { isLoading: renaming }] = useRenameDepartmentMutation();
  const [remove, { isLoading: removing }] = useDeleteDepartmentMutation();
  const save = async () => {
    const checked = checkName(name);
    if ('error' in checked) return setError(checked.error);
    try {
      await rename({ id: department._id, name: checked.name }).unwrap();
      setError(undefined);
      toast.success(`Renamed to ${checked.name}.`);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  const deleteIt = async () => {
    try {
      await remove(department._id).unwrap();
      toast.success(`${department.name} deleted.`);
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };
  return (
    <li>
      <Field
        label={`Name of ${department.name} (link word: ${department.slug}, ${department.jobCount} jobs)`}
        validationMessage={error}
        validationState={error ? 'error' : 'none'}
      >
        <Input value={name} onChange={(_e, data) => setName(data.value)} />
      </Field>
      <Button onClick={() => void save()} disabled={renaming || name === department.name}>
        Rename {department.name}
      </Button>
      <Button onClick={() => void deleteIt()} disabled={removing}>
        Delete {department.name}
      </Button>
    </li>
  );
}

/** /dashboard/departments: the list jobs choose their department from (docs/behaviour.md#job-facts). */
export function DepartmentsPage() {
  const styles = useAdminStyles();
  const toast = useToast();
  const { data, isLoading } = useGetDepartmentsQuery();
  const [create, { isLoading: creating }] = useCreateDepartmentMutation();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const add = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkName(name);
    if ('error' in checked) return setError(checked.error);
    try {
      await create(checked.name).unwrap();
      setName('');
      setError(undefined);
      toast.success(`${checked.name} added.`);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  if (isLoading) return <PageLoading label="Loading departments..." />;
  return (
    <div className={styles.page}>
      <title>Departments | Admin Panel</title>
      <AdminPageHeader
        title="Departments"
        subtitle="Jobs choose their department from this list. A department with jobs cannot be deleted."
      />
      <section className={styles.card} aria-label="Add a department">
        <form onSubmit={(event) => void add(event)} noValidate>
          <Field label="New department" validationMessage={error} validationState={error ? 'error' : 'none'}>
            <Input value={name} onChange={(_e, data) => setName(data.value)} />
          </Field>
          <Button type="submit" appearance="primary" disabled={creating}>
            Add department
          </Button>
        </form>
      </section>
      <section className={styles.card} aria-label="Departments">
        {data && data.length > 0 ? (
          <ul>
            {data.map((department) => (
              <DepartmentRow key={department._id} department={department} />
            ))}
          </ul>
        ) : (
          <p>No departments yet.</p>
        )}
      </section>
    </div>
  );
}
