import { MIN_REPORTED_GROUP } from '../../shared/equality-monitoring/equality-monitoring-contract';

/**
 * The one way every report of the product makes a count safe to publish, the equality monitoring
 * figures and the hiring reports alike (docs/security.md#equality-monitoring and
 * docs/security.md#hiring-facts): counts under five are withheld, the rest rounded to the nearest
 * five, and a figure that is part of another and within four people of it is published as that
 * figure, so that no two figures can be subtracted to single anyone out. Pure: callers give it
 * the true counts and say which figure is part of which.
 */

/** A published figure: its true count, what is shown, and whether that is its own or a parent's. */
export interface PublishedCount {
  n: number;
  shown: number | null;
  own: boolean;
}

/** The ONS's practice: fewer than five is withheld, anything else rounded to the nearest five. */
export const rounded = (n: number): number | null =>
  n < MIN_REPORTED_GROUP ? null : Math.round(n / MIN_REPORTED_GROUP) * MIN_REPORTED_GROUP;

/**
 * A figure within this many people of a figure it is part of would give those few people away
 * when subtracted from it, so it is published as that figure instead.
 */
const NESTED_MARGIN = MIN_REPORTED_GROUP - 1;

/**
 * One figure. Its own rounded count, unless a figure it is part of (`parents`, in a fixed order
 * the caller chooses, the widest first) holds at most four people more and is that figure's own:
 * then it is published as that one, so the two subtract to 0 whoever the few between them are.
 * Only a parent's own figure is taken, so a figure is never more than four people plus the
 * rounding from its true count; and the order is fixed, rather than the closest parent, so that
 * whether one person is in the group cannot change which parent it follows. Last, a part is never
 * shown as more than a figure it is part of, and is withheld where that figure is: a job cannot
 * show more hires than the whole, nor a step more than the step before it.
 */
export function publishCount(n: number, parents: ReadonlyArray<PublishedCount | undefined>): PublishedCount {
  const followed = parents.find((parent) => parent?.own && parent.n - n <= NESTED_MARGIN);
  const published: PublishedCount = followed
    ? { n, shown: followed.shown, own: false }
    : { n, shown: rounded(n), own: true };
  for (const parent of parents) {
    if (!parent) continue;
    if (parent.shown === null) return { ...published, shown: null };
    if (published.shown !== null && published.shown > parent.shown) published.shown = parent.shown;
  }
  return published;
}

/** A group too small to publish: its durations go with its count (a median of three is three people's). */
export const isWithheld = (n: number): boolean => n < MIN_REPORTED_GROUP;
