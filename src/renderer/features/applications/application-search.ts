import type { ApplicationSummary } from '../../../shared/applications/application-contract';

/** A row has a CV when hasResume is true or its size is above 0. */
export const hasResume = (application: Pick<ApplicationSummary, 'hasResume' | 'pdfFileSize'>): boolean =>
  application.hasResume || application.pdfFileSize > 0;

/** The count line above the list: "Total: N", and "Total: N of M" while a search hides some rows. */
export const applicationsTotalText = (shown: number, all: number): string =>
  shown === all ? `Total: ${all}` : `Total: ${shown} of ${all}`;
