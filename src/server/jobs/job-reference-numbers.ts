import { inArray } from 'drizzle-orm';
import type { Db } from '../db/database';
import { jobReferenceNumbers, jobs } from '../db/schema';

/** A town as a place key: the same town typed with other capitals or spacing is the same place. */
export const placeKey = (town: string | null): string =>
  town === null ? '' : town.trim().replace(/\s+/g, ' ').toLowerCase();

/** The places a job is listed in, as keys, in the order the feed lists them. */
export interface ListedPlaces {
  jobId: string;
  places: string[];
}

/** The reference number of a job's listing in one place (by its key). */
export type ReferenceNumbers = (jobId: string, place: string) => string;

/**
 * The numbers a job gets when a feed first lists it: its id when it is listed in one place, else
 * its id and each place's position (`…-1`, `…-2`). The rule the feeds numbered by before numbers
 * were kept, so a job listed before keeps the numbers the boards already hold.
 */
export const firstReferences = (jobId: string, places: readonly string[]): string[] =>
  places.length === 1 ? [jobId] : places.map((_place, index) => `${jobId}-${index + 1}`);

/** Numbers by the first rule alone, for a feed drawn with nothing kept (a job never listed before). */
export const firstReferenceNumbers =
  (listed: readonly ListedPlaces[]): ReferenceNumbers =>
  (jobId, place) => {
    const job = listed.find((entry) => entry.jobId === jobId);
    const index = job ? job.places.indexOf(place) : -1;
    if (!job || index === -1) throw new Error(`no reference number for ${jobId} in "${place}"`);
    return firstReferences(jobId, job.places)[index]!;
  };

const isForeignKeyViolation = (error: unknown) =>
  (error as { code?: string }).code === '23503' ||
  (error as { cause?: { code?: string } }).cause?.code === '23503';

/**
 * Races between instances: two that number the same job at once may pick the same next number,
 * and one insert is then refused as a duplicate; the loser reads again and numbers what is left.
 */
const ATTEMPTS = 5;

/**
 * Each job's reference number per place, kept for good (docs/behaviour.md#job-board-feeds). A
 * place is numbered the first time a feed lists the job there: a job with none kept yet by the
 * first rule, a place added later with the next number after the job's others. Rows are never
 * removed while the job lives, so a town dropped keeps its number for when it comes back and no
 * number is ever given twice. The job's rows go with it.
 */
export function createJobReferenceNumbers(db: Db) {
  const read = async (jobIds: string[]) => {
    const rows = await db
      .select({
        jobId: jobReferenceNumbers.jobId,
        place: jobReferenceNumbers.place,
        reference: jobReferenceNumbers.reference,
      })
      .from(jobReferenceNumbers)
      .where(inArray(jobReferenceNumbers.jobId, jobIds));
    const byJob = new Map<string, Map<string, string>>();
    for (const row of rows) {
      let places = byJob.get(row.jobId);
      if (!places) byJob.set(row.jobId, (places = new Map()));
      places.set(row.place, row.reference);
    }
    return byJob;
  };

  /** What to insert so every listed place has a number, given the numbers kept. */
  const missing = (listed: readonly ListedPlaces[], kept: Map<string, Map<string, string>>) =>
    listed.flatMap(({ jobId, places }) => {
      const known = kept.get(jobId) ?? new Map<string, string>();
      const unique = [...new Set(places)];
      if (known.size === 0) {
        const references = firstReferences(jobId, unique);
        return unique.map((place, index) => ({ jobId, place, reference: references[index]! }));
      }
      return unique
        .filter((place) => !known.has(place))
        .map((place, index) => ({ jobId, place, reference: `${jobId}-${known.size + index + 1}` }));
    });

  /** The jobs of these ids that still exist: a job deleted since the open jobs were read has none. */
  const existing = async (jobIds: string[]) =>
    new Set(
      (await db.select({ id: jobs.id }).from(jobs).where(inArray(jobs.id, jobIds))).map((row) => row.id),
    );

  return {
    /** Numbers every place listed, giving new ones where needed; then answers each. */
    async numbers(listed: readonly ListedPlaces[]): Promise<ReferenceNumbers> {
      const jobIds = [...new Set(listed.map((entry) => entry.jobId))];
      if (jobIds.length === 0) return firstReferenceNumbers(listed);
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        const kept = await read(jobIds);
        let rows = missing(listed, kept);
        if (rows.length > 0) {
          const live = await existing([...new Set(rows.map((row) => row.jobId))]);
          rows = rows.filter((row) => live.has(row.jobId));
        }
        if (rows.length === 0) {
          // A job deleted meanwhile is numbered by the first rule for this one answer: it is gone
          // from the next, and no board can hold a number for it that another job could take.
          const gone = firstReferenceNumbers(listed);
          return (jobId, place) => kept.get(jobId)?.get(place) ?? gone(jobId, place);
        }
        try {
          await db.insert(jobReferenceNumbers).values(rows).onConflictDoNothing();
        } catch (error) {
          // A job deleted between the look and the insert: the next look leaves it out.
          if (!isForeignKeyViolation(error)) throw error;
        }
      }
      throw new Error('job reference numbers: could not number the listed places');
    },
  };
}

export type JobReferenceNumbers = ReturnType<typeof createJobReferenceNumbers>;
