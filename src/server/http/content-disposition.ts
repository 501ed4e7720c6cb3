/** RFC 6266: an ASCII fallback plus the exact UTF-8 name, so "Zoë" stays "Zoë" in every browser. */
export const contentDisposition = (type: 'attachment' | 'inline', fileName: string): string => {
  const ascii =
    fileName
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '') || 'resume.pdf';
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
};
