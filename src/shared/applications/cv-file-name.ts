/** Downloaded CVs are named `{applicant name}_resume.pdf` (docs/behaviour.md#cv-preview-and-download). */
export const cvFileName = (applicantName: string): string => {
  const safe = applicantName
    .normalize('NFC')
    // Characters no file system accepts in a name, control characters included, and format
    // characters (a right-to-left override would show the name reversed; names stored before
    // the form refused them may hold one).
    .replace(/(?:[\\/:*?"<>|\p{Cc}]|(?![\u200C\u200D])\p{Cf})+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `${safe || 'applicant'}_resume.pdf`;
};
