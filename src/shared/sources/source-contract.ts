import { z } from 'zod';
import { ONE_LINE, notOneLineMessage } from '../contact-fields';
import { SOURCE_PARAM } from './source-params';

/**
 * Where an application came from (docs/behaviour.md#sources). A tracking link's marker travels
 * in the address as `?src=<code>` from the page a visitor lands on, through the apply form, into
 * the application; no cookie carries it. What the application stores is the marker as it was
 * resolved: a tracking link's code, a job board feed's own marker, `direct` when there was none,
 * or `unknown` when there was one the product does not know (never a refusal).
 */
export { REFERRER_PARAM, SOURCE_PARAM } from './source-params';

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
/** The field's name in an application. */
export const HEARD_ABOUT_FIELD = 'heardAbout';
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

/**
 * The marker as an application carries it: any value is taken (a marker never refuses an
 * application), kept as text no longer than one over the limit, so the server can still tell an
 * over-long one, which it records as `unknown`; nothing or an empty text is no marker.
 */
export const sourceMarkerField = z
  .unknown()
  .optional()
  .transform((value): string | undefined => {
    if (value === undefined || value === null || value === '') return undefined;
    return typeof value === 'string' ? value.slice(0, SOURCE_CODE_MAX + 1) : UNKNOWN_SOURCE;
  });

/** A host name as a referrer gives it: letters, digits, hyphens and dots, and an optional port. */
const hostPattern = /^(?=.{1,253}(?::\d{1,5})?$)[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::\d{1,5})?$/;

/**
 * The referring site's host as an application carries it: a host alone (never a path or query),
 * lower case; anything else is dropped rather than refused.
 */
export const referrerHostField = z
  .unknown()
  .optional()
  .transform((value): string | undefined => {
    if (typeof value !== 'string') return undefined;
    const host = value.trim().toLowerCase();
    return hostPattern.test(host) ? host : undefined;
  });

/** The applicant's answer as the form sends it: left blank is no answer. */
export const heardAboutField = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  heardAboutSchema.optional(),
);

/**
 * The host of an outside site a visitor came from, from the browser's referrer: the host only,
 * never the path or query, and none for the site itself or for what is not a web address.
 */
export function referrerHostOf(referrer: string, ownHost: string): string | undefined {
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return url.host === ownHost ? undefined : url.host;
  } catch {
    return undefined;
  }
}

/** An address with the marker: `src` set on it, anything else it carries kept. */
export function withSourceMarker(address: string, code: string | undefined): string {
  if (!code) return address;
  const hash = address.indexOf('#');
  const [path, fragment] = hash < 0 ? [address, ''] : [address.slice(0, hash), address.slice(hash)];
  const query = path.indexOf('?');
  const params = new URLSearchParams(query < 0 ? '' : path.slice(query + 1));
  params.set(SOURCE_PARAM, code);
  return `${query < 0 ? path : path.slice(0, query)}?${params.toString()}${fragment}`;
}

/** A marker as links carry it on: a well-formed one as it is, any other as `unknown`. */
export const carriedMarker = (value: string | null | undefined): string | undefined =>
  !value ? undefined : sourceCodePattern.test(value) ? value : UNKNOWN_SOURCE;

/** A code made from a name: lower case, words joined by hyphens, within the marker's limit. */
export function codeFromName(name: string): string {
  const code = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    // Runs of anything else are one hyphen, so a hyphen is never doubled below.
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    // Room for a `-2`... suffix when the code is taken.
    .slice(0, SOURCE_CODE_MAX - 4)
    .replace(/-$/, '');
  return code || 'link';
}

/** The codes the product gives a meaning of its own, never a tracking link's. */
export const reservedCodes: readonly string[] = [DIRECT_SOURCE, UNKNOWN_SOURCE, ...feedSources];

export const trackingLinkKindLabels: Record<TrackingLinkKind, string> = {
  board: 'Job board',
  event: 'Event',
  poster: 'Poster',
  referral: 'Employee referral',
  other: 'Other',
};

/** POST /tracking-links: a link per channel, or per referring employee (named in `name`). */
export const newTrackingLinkSchema = z.object({
  kind: z.enum(trackingLinkKinds, { error: 'Choose what the link is for.' }),
  name: z
    .string({ error: 'Name is required.' })
    .trim()
    .min(1, 'Name is required.')
    .max(100, 'Name must be at most 100 characters.')
    // It names the link in the reports, the CSV exports and the QR code's file name.
    .regex(ONE_LINE, notOneLineMessage('Name')),
  /** The job its address opens; none for the careers home. */
  jobId: z.string().max(100).optional(),
  /** A code of one's own; none to have one made from the name. */
  code: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((value) => value || undefined)
    .pipe(
      z
        .string()
        .regex(
          sourceCodePattern,
          'A code has lower-case letters, digits and single hyphens, up to 40 characters, and starts and ends with a letter or digit.',
        )
        .refine((value) => !reservedCodes.includes(value), 'That code is kept for the product’s own use.')
        .optional(),
    ),
});
export type NewTrackingLink = z.input<typeof newTrackingLinkSchema>;

/** PATCH /tracking-links/:id: a new name (a referring employee's, say); the code stays. */
export const trackingLinkRenameSchema = newTrackingLinkSchema.pick({ name: true });

export const trackingLinkSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(trackingLinkKinds),
  name: z.string(),
  jobId: z.string().nullable(),
  /** The job's title, while the job exists. */
  jobTitle: z.string().nullable(),
  /** The full address the link gives out: the careers home or the job's page, with `?src=`. */
  address: z.string(),
  /** How many applications recorded this link as their source. */
  applications: z.number().int(),
  createdAt: z.string(),
  archivedAt: z.string().nullable(),
});
export type TrackingLink = z.infer<typeof trackingLinkSchema>;
export const trackingLinkListSchema = z.array(trackingLinkSchema);

export const trackingLinkMessages = {
  codeTaken: 'That code is already used by another tracking link. Choose another.',
  linkMissing: 'Tracking link not found.',
  jobMissing: 'Job post not found.',
} as const;
