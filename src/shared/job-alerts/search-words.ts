import { EMPLOYMENT_TYPES, formatPounds, WORKPLACE_TYPES } from '../jobs/job-facts';
import type { JobSearch } from '../jobs/job-search';

// Apart from the contract, so the careers home (in the first download) takes no zod with it.

/**
 * A search in words, from the filters' known values alone: never the words typed into the search
 * box, which a stranger could have typed (docs/security.md#job-alerts). `departments` names the
 * departments by slug; one it does not know is named by its slug.
 */
export function describeSearch(search: JobSearch, departments: ReadonlyMap<string, string>): string {
  const parts: string[] = [];
  if (search.type)
    parts.push(EMPLOYMENT_TYPES.find((type) => type.code === search.type)!.words.toLowerCase());
  if (search.workplace)
    parts.push(WORKPLACE_TYPES.find((type) => type.code === search.workplace)!.words.toLowerCase());
  const roles = parts.length > 0 ? `${parts.join(', ')} jobs` : 'jobs';
  const words = [roles.charAt(0).toUpperCase() + roles.slice(1)];
  if (search.department) words.push(`in ${departments.get(search.department) ?? search.department}`);
  if (search.location) words.push(`in or near ${search.location}`);
  if (search.pay) words.push(`paying ${formatPounds(search.pay)} a year or more`);
  if (search.q) words.push('matching the words you searched for');
  return words.length === 1 && !search.q ? 'Every new job' : words.join(' ');
}
