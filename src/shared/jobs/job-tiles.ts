import {
  employmentTypesFromText,
  formatEmploymentTypes,
  formatPay,
  formatPlace,
  payFromText,
  placeFromText,
  type JobFacts,
} from './job-facts';

/**
 * What a job card's tiles say (docs/behaviour.md#tiles-that-say-what-they-hold): the
 * specification's three tiles, Start Date (the hours text), CTC (Annual) and Experience, each
 * showing its text as written or as the facts wrote it. A label the job's facts make untrue gives
 * way to the true one: hours that are employment types read "Employment type", a day or hour rate
 * reads "Pay". A job with texts only keeps the specification's labels. The React card is the only
 * place tiles are drawn, in the browser and in the server's prerender alike, and it asks here.
 */

export type JobTileKey = 'hours' | 'ctc' | 'experience';

export interface JobTile {
  key: JobTileKey;
  label: string;
  value: string;
}

type TiledJob = Pick<
  JobFacts,
  'locations' | 'workplaceType' | 'remoteCountry' | 'employmentTypes' | 'pay'
> & {
  location: string;
  hours: string;
  ctc: string;
  experience: string;
};

export const TILE_LABELS = {
  startDate: 'Start Date',
  employmentType: 'Employment type',
  annualCtc: 'CTC (Annual)',
  pay: 'Pay',
  experience: 'Experience',
} as const;

/** The hours tile's label: an employment type is not a start date. */
export const hoursTileLabel = (job: Pick<JobFacts, 'employmentTypes'>): string =>
  job.employmentTypes.length > 0 ? TILE_LABELS.employmentType : TILE_LABELS.startDate;

/** The CTC tile's label: a day or hour rate is not annual. */
export const ctcTileLabel = (job: Pick<JobFacts, 'pay'>): string =>
  job.pay && job.pay.period !== 'year' ? TILE_LABELS.pay : TILE_LABELS.annualCtc;

export function jobTiles(job: TiledJob): JobTile[] {
  return [
    { key: 'hours', label: hoursTileLabel(job), value: job.hours },
    { key: 'ctc', label: ctcTileLabel(job), value: job.ctc },
    { key: 'experience', label: TILE_LABELS.experience, value: job.experience },
  ];
}

const sameTypes = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((type) => b.includes(type));

const samePay = (a: JobFacts['pay'], b: JobFacts['pay']) =>
  a !== null && b !== null && a.min === b.min && a.max === b.max && a.period === b.period;

const samePlace = (facts: TiledJob, text: string) => {
  const said = placeFromText(text);
  return (
    said !== null &&
    said.workplaceType === (facts.workplaceType ?? 'on-site') &&
    (said.remoteCountry ?? '').toLowerCase() === (facts.remoteCountry ?? '').toLowerCase() &&
    sameTypes(
      said.locations.map((town) => town.toLowerCase()),
      facts.locations.map((town) => town.toLowerCase()),
    )
  );
};

/** The pay range in words when the CTC text does not already state it, else ''. */
export function payBeyondCtc(job: Pick<TiledJob, 'ctc' | 'pay'>): string {
  if (!job.pay) return '';
  const words = formatPay(job.pay);
  return words.toLowerCase() === job.ctc.trim().toLowerCase() || samePay(payFromText(job.ctc), job.pay)
    ? ''
    : words;
}

/**
 * The facts a card's title line and tiles do not already say, in words ("£32,000 a year" under a
 * CTC of "Competitive, plus bonus"), or '' when they say them all: a text written from the facts,
 * or one stating the same facts in its own words ("£24,000 - £27,000"), is not said twice.
 */
export function factsBeyondTiles(job: TiledJob): string {
  const said = (words: string, text: string, same: () => boolean) =>
    words === '' || words.toLowerCase() === text.trim().toLowerCase() || same() ? '' : words;
  return [
    said(formatPlace(job), job.location, () => samePlace(job, job.location)),
    said(formatEmploymentTypes(job.employmentTypes), job.hours, () =>
      sameTypes(employmentTypesFromText(job.hours), job.employmentTypes),
    ),
    payBeyondCtc(job),
  ]
    .filter((part) => part.length > 0)
    .join(' · ');
}
