export interface Salary {
  minValue?: number;
  maxValue?: number;
  value?: number;
  unitText: 'HOUR' | 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';
}

const AMOUNT = /(?:£\s*)?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(k\b)?/gi;

/**
 * The amount a CTC text states, for JobPosting.baseSalary: "£24,000 - £28,000", "£27k",
 * "25000 per annum", "£11.44 per hour". Texts without an amount ("Competitive") give none.
 * CTC is annual by definition; another period counts only when the text names it.
 */
export function parseSalary(ctc: string): Salary | undefined {
  const amounts = [...ctc.matchAll(AMOUNT)]
    .map(([, digits, thousands]) => Number(digits!.replace(/,/g, '')) * (thousands ? 1000 : 1))
    .filter((amount) => Number.isFinite(amount) && amount > 0);
  if (amounts.length === 0) return undefined;
  const unitText = /\b(per|an|a|\/)\s*(hour|hr)\b|hourly/i.test(ctc)
    ? 'HOUR'
    : /\b(per|a|\/)\s*day\b|daily/i.test(ctc)
      ? 'DAY'
      : /\b(per|a|\/)\s*week\b|weekly/i.test(ctc)
        ? 'WEEK'
        : /\b(per|a|\/)\s*month\b|monthly/i.test(ctc)
          ? 'MONTH'
          : 'YEAR';
  // A yearly figure under 1,000 is a typo or a code, not a salary.
  if (unitText === 'YEAR' && Math.max(...amounts) < 1000) return undefined;
  const [first, second] = amounts;
  return second !== undefined && second !== first
    ? { minValue: Math.min(first!, second), maxValue: Math.max(first!, second), unitText }
    : { value: first!, unitText };
}
