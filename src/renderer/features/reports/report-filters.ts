import { reportFiltersSchema, type ReportFilters } from '../../../shared/reports/reports-contract';
import { isCalendarDate, londonToday } from '../../../shared/format/calendar-date';

const FILTER_KEYS = ['from', 'to', 'jobId', 'department', 'source'] as const;

/**
 * The filters as the address's query string holds them, so a view can be shared and the back
 * button returns to the one before. A value the contract would refuse (a made-up date, say) is
 * left out rather than sent: the server then answers its default, as for a fresh visit.
 */
export function filtersFromSearch(search: string): ReportFilters {
  const params = new URLSearchParams(search);
  const filters: ReportFilters = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (!value) continue;
    const parsed = reportFiltersSchema.shape[key].safeParse(value);
    if (!parsed.success) continue;
    if ((key === 'from' || key === 'to') && !isCalendarDate(value)) continue;
    filters[key] = value;
  }
  return filters;
}

/** `?from=…&report=…` for the given filters (only those set) and any extra parameters; '' for none. */
export function reportQueryString(filters: ReportFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * The range shown before the server's answer names its own: the last 12 months up to today in
 * London, which is what the server reads when the address gives no dates.
 */
export function defaultRange(now?: Date): { from: string; to: string } {
  const to = londonToday(now);
  const [year, month, day] = to.split('-').map(Number) as [number, number, number];
  const from = new Date(Date.UTC(year - 1, month - 1, day + 1));
  return { from: from.toISOString().slice(0, 10), to };
}
