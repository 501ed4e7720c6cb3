import type { ApplicationSummary } from '../../../shared/applications/application-contract';
import { formatShortDate } from '../../../shared/format/date';
import { formatKb } from '../../../shared/format/size';

type Row = Pick<
  ApplicationSummary,
  'phone' | 'number' | 'jobTitle' | 'jobName' | 'applyDate' | 'createdAt' | 'pdfFileSize'
>;

// Each of these fields has a fallback kept from older records (docs/behaviour.md#applications-admin).
export const applicantPhone = (row: Pick<Row, 'phone' | 'number'>): string => row.phone || row.number;
export const appliedJob = (row: Pick<Row, 'jobTitle' | 'jobName'>): string => row.jobTitle || row.jobName;
/** The day it was sent: "28 Nov 2026" for the list, or through `format` ("28 November 2026" on its page). */
export const appliedOn = (
  row: Pick<Row, 'applyDate' | 'createdAt'>,
  format: (date: string) => string = formatShortDate,
): string => format(row.applyDate || row.createdAt);

/** The size in KB, or "Available" when the CV is there but its size is unknown. */
export const cvSizeText = (row: Pick<Row, 'pdfFileSize'>): string =>
  row.pdfFileSize > 0 ? formatKb(row.pdfFileSize) : 'Available';
