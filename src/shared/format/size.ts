import { BASE64_SIZE_RATIO, PDF_DATA_URL_PREFIX } from '../limits';

/** Sizes are shown in KB, rounded (docs/behaviour.md#dates-and-sizes). */
export const formatKb = (bytes: number): string => `${Math.round(bytes / 1024)} KB`;

/** Estimated bytes behind a base64 data URL: base64 length × 0.75 (docs/behaviour.md#dates-and-sizes). */
export const estimateDataUrlBytes = (dataUrl: string): number => {
  const comma = dataUrl.indexOf(',');
  const base64Length = comma >= 0 ? dataUrl.length - comma - 1 : dataUrl.length;
  return Math.round(base64Length * BASE64_SIZE_RATIO);
};

export const isPdfDataUrl = (value: string): boolean => value.startsWith(PDF_DATA_URL_PREFIX);
