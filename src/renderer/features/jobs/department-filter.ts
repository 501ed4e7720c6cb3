import type { DepartmentListItem } from '../../../shared/jobs/department-contract';
import type { Job } from '../../../shared/jobs/job-contract';

/** The job table's filter in the address: `?department=<slug>`, the careers home's word for it. */
export const DEPARTMENT_PARAM = 'department';

export const readDepartmentFilter = (search: string): string =>
  new URLSearchParams(search).get(DEPARTMENT_PARAM) ?? '';

/** The address with the filter set (or cleared with ''), every other parameter kept. */
export function departmentFilterSearch(search: string, slug: string): string {
  const params = new URLSearchParams(search);
  if (slug) params.set(DEPARTMENT_PARAM, slug);
  else params.delete(DEPARTMENT_PARAM);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const jobsInDepartment = (jobs: readonly Job[], slug: string): readonly Job[] =>
  slug ? jobs.filter((job) => job.department?.slug === slug) : jobs;

export interface DepartmentOption {
  slug: string;
  name: string;
  count: number;
}

/**
 * Every department administrators keep (those without jobs too, so the list matches the
 * Departments screen), counted over the jobs the table lists. A department only the jobs name
 * (the list not loaded yet, or failed) is still offered; a slug in the address that names none
 * (a link to a department since deleted) is kept as an option, so the filter shows what applies.
 */
export function departmentOptions(
  departments: readonly DepartmentListItem[],
  jobs: readonly Job[],
  selected: string,
): DepartmentOption[] {
  const names = new Map<string, string>();
  for (const department of departments) names.set(department.slug, department.name);
  for (const job of jobs) if (job.department) names.set(job.department.slug, job.department.name);
  if (selected && !names.has(selected)) names.set(selected, 'Unknown department');
  return [...names]
    .map(([slug, name]) => ({ slug, name, count: jobsInDepartment(jobs, slug).length }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en-GB'));
}
