import { z } from 'zod';

/**
 * Where an application came from (docs/behaviour.md#sources). A tracking link's marker travels
 * in the address as `?src=<code>` from the page a visitor lands on, through the apply form, into
 * the application; no cookie carries it. What the application stores is the marker as it was
 * resolved: a tracking link's code, a job board feed's own marker, `direct` when there was none,
 * or `unknown` when there was one the product does not know (never a refusal).
 */
export const SOURCE_PARAM = 'src';

/** A marker as it may appear in an address: short, lower case, letters, digits and hyphens. */
export const SOURCE_CODE_MAX = 40;
export const sourceCodePattern = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;

/** No marker at all: the visitor came straight to the site, or from a link without one. */
export const DIRECT_SOURCE = 'direct';
/** A marker that is malformed or names no tracking link or feed the product knows. */
export const UNKNOWN_SOURCE = 'unknown';

/** The markers the job-board feeds put on their links (sitemap, RSS, Indeed, Adzuna, Google). */
export const feedSources = ['indeed', 'adzuna', 'google-jobs', 'rss'] as const;
export type FeedSource = (typeof feedSources)[number];

/** What a tracking link stands for: a board, an event, a poster, a referring employee, or other. */
export const trackingLinkKinds = ['board', 'event', 'poster', 'referral', 'other'] as const;
export type TrackingLinkKind = (typeof trackingLinkKinds)[number];

/** The applicant's own optional answer to "How did you hear about this job?", from a fixed list. */
export const HEARD_ABOUT_QUESTION = 'How did you hear about this job?';
export const heardAboutOptions = [
  { value: 'job-board', label: 'A job board' },
  { value: 'search-engine', label: 'A search engine' },
  { value: 'social-media', label: 'Social media' },
  { value: 'friend-or-colleague', label: 'A friend or colleague' },
  { value: 'our-website', label: 'Our website' },
  { value: 'event', label: 'A careers fair or event' },
  { value: 'agency', label: 'A recruitment agency' },
  { value: 'other', label: 'Somewhere else' },
] as const;
export type HeardAbout = (typeof heardAboutOptions)[number]['value'];
export const heardAboutSchema = z.enum(
  heardAboutOptions.map((option) => option.value) as [HeardAbout, ...HeardAbout[]],
  { error: 'Choose one of the listed answers, or leave it blank.' },
);

const feedLabels: Record<FeedSource, string> = {
  indeed: 'Indeed',
  adzuna: 'Adzuna',
  'google-jobs': 'Google for Jobs',
  rss: 'RSS feed',
};

/**
 * The name a report or the admin screens give a recorded source: the tracking link's own name
 * (`linkNames`, code to name, archived links included), a feed's, or Direct / Unknown.
 */
export function sourceLabel(source: string, linkNames: ReadonlyMap<string, string>): string {
  if (source === DIRECT_SOURCE) return 'Direct';
  if (source === UNKNOWN_SOURCE) return 'Unknown';
  const feed = feedLabels[source as FeedSource] as string | undefined;
  return feed ?? linkNames.get(source) ?? 'Unknown';
}
