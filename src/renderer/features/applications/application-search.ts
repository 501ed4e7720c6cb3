import type { ApplicationSummary } from '../../../shared/applications/application-contract';

/**
 * Spec section 5: client-side, case-insensitive substring match on name, e-mail, job title and
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

/** Spec section 5: a resume is present when hasResume is true or its size is above 0. */
export const hasResume = (application: Pick<ApplicationSummary, 'hasResume' | 'pdfFileSize'>): boolean =>
  application.hasResume || application.pdfFileSize > 0;

/** The count line above the list: "Total: N", and "Total: N of M" while a search hides some rows. */
export const applicationsTotalText = (shown: number, all: number): string =>
  shown === all ? `Total: ${all}` : `Total: ${shown} of ${all}`;
