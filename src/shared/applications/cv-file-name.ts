/** Downloaded CVs are named `{applicant name}_resume.pdf` (docs/behaviour.md#cv-preview-and-download). */
export const cvFileName = (applicantName: string): string => {
  const safe = applicantName
    .normalize('NFC')
    // Characters no file system accepts in a name, control characters included.
    // eslint-disable-next-line no-control-regex
    .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `${safe || 'applicant'}_resume.pdf`;
};
