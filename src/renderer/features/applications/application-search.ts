import type { ApplicationSummary } from '../../../shared/applications/application-contract';

/**
 * The list's search (docs/behaviour.md#search): client-side, case-insensitive substring match on name, e-mail, job title and
 * job name; a blank or whitespace-only query shows everything.
 */
export function filterApplications<
  T extends Pick<ApplicationSummary, 'name' | 'email' | 'jobTitle' | 'jobName'>,
>(applications: readonly T[], query: string): readonly T[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return applications;
  return applications.filter((application) =>
    [application.name, application.email, application.jobTitle, application.jobName].some((field) =>
      (field ?? '').toLowerCase().includes(needle),
    ),
  );
}

/** A row has a CV when hasResume is true or its size is above 0. */
export const hasResume = (application: Pick<ApplicationSummary, 'hasResume' | 'pdfFileSize'>): boolean =>
  application.hasResume || application.pdfFileSize > 0;

/** The count line above the list: "Total: N", and "Total: N of M" while a search hides some rows. */
export const applicationsTotalText = (shown: number, all: number): string =>
  shown === all ? `Total: ${all}` : `Total: ${shown} of ${all}`;
