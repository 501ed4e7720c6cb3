import { and, count, desc, eq, inArray, isNull, like, or } from 'drizzle-orm';
import {
  codeFromName,
  DIRECT_SOURCE,
  feedSources,
  reservedCodes,
  SOURCE_CODE_MAX,
  sourceCodePattern,
  UNKNOWN_SOURCE,
  withSourceMarker,
  type TrackingLink,
  type TrackingLinkKind,
} from '../../shared/sources/source-contract';
import { screens } from '../../shared/site/screen-routes';
import type { Db } from '../db/database';
import { applications, jobs } from '../db/schema';
import { trackingLinks } from './sources-tables';

type LinkRow = typeof trackingLinks.$inferSelect;

/** Resolves what an application brings of its source into what it stores (docs/behaviour.md#sources). */
export interface SourceResolver {
  recorded(sent: {
    marker: string | undefined;
    referrerHost: string | undefined;
  }): Promise<{ source: string; referrerHost: string | null }>;
}

/**
 * A marker resolved: none is `direct`; a feed's own marker and a tracking link's code (an archived
 * link's too: its printed posters still hang) are themselves; anything else, malformed or too
 * long, is `unknown`. Never a refusal: the marker is the visitor's to change.
 */
export function createSourceResolver(db: Db, publicUrl: string): SourceResolver {
  const ownHost = new URL(publicUrl).host;
  return {
    async recorded({ marker, referrerHost }) {
      const host = referrerHost && referrerHost !== ownHost ? referrerHost : null;
      if (marker === undefined) return { source: DIRECT_SOURCE, referrerHost: host };
      if ((feedSources as readonly string[]).includes(marker)) return { source: marker, referrerHost: host };
      if (marker.length > SOURCE_CODE_MAX || !sourceCodePattern.test(marker))
        return { source: UNKNOWN_SOURCE, referrerHost: host };
      const [link] = await db
        .select({ code: trackingLinks.code })
        .from(trackingLinks)
        .where(eq(trackingLinks.code, marker))
        .limit(1);
      return { source: link ? link.code : UNKNOWN_SOURCE, referrerHost: host };
    },
  };
}

/** The tracking links as administrators make, list and archive them. */
export function createTrackingLinkRepository(db: Db, publicUrl: string) {
  const addressOf = (row: Pick<LinkRow, 'code' | 'jobId'>) =>
    withSourceMarker(
      `${publicUrl}${row.jobId ? screens.apply.path({ id: row.jobId }) : screens.home.path()}`,
      row.code,
    );

  const toLink = (row: LinkRow, jobTitle: string | null, brought: number): TrackingLink => ({
    id: row.id,
    code: row.code,
    kind: row.kind,
    name: row.name,
    jobId: row.jobId,
    jobTitle,
    address: addressOf(row),
    applications: brought,
    createdAt: row.createdAt.toISOString(),
    archivedAt: row.archivedAt?.toISOString() ?? null,
  });

  /** A free code from `base`: itself, else `base-2`, `base-3`... (archived links keep theirs). */
  const freeCode = async (base: string): Promise<string> => {
    const taken = new Set(
      (
        await db
          .select({ code: trackingLinks.code })
          .from(trackingLinks)
          .where(or(eq(trackingLinks.code, base), like(trackingLinks.code, `${base}-%`)))
      ).map((row) => row.code),
    );
    if (!taken.has(base) && !reservedCodes.includes(base)) return base;
    for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  };

  return {
    async list(): Promise<TrackingLink[]> {
      const rows = await db
        .select({ link: trackingLinks, jobTitle: jobs.jobTitle })
        .from(trackingLinks)
        .leftJoin(jobs, eq(jobs.id, trackingLinks.jobId))
        .orderBy(desc(trackingLinks.createdAt));
      const codes = rows.map((row) => row.link.code);
      const counts = codes.length
        ? await db
            .select({ source: applications.source, n: count() })
            .from(applications)
            .where(inArray(applications.source, codes))
            .groupBy(applications.source)
        : [];
      const brought = new Map(counts.map((row) => [row.source, row.n]));
      return rows.map((row) => toLink(row.link, row.jobTitle, brought.get(row.link.code) ?? 0));
    },

    async find(id: string): Promise<TrackingLink | undefined> {
      return (await this.list()).find((link) => link.id === id);
    },

    /** Answers `taken` when the code asked for is another link's (archived ones keep theirs). */
    async create(input: {
      kind: TrackingLinkKind;
      name: string;
      jobId: string | undefined;
      code: string | undefined;
      createdBy: string | null;
    }): Promise<{ link: TrackingLink } | { taken: true }> {
      let code: string;
      if (input.code) {
        const [existing] = await db
          .select({ id: trackingLinks.id })
          .from(trackingLinks)
          .where(eq(trackingLinks.code, input.code))
          .limit(1);
        if (existing) return { taken: true };
        code = input.code;
      } else code = await freeCode(codeFromName(input.name));
      const [row] = await db
        .insert(trackingLinks)
        .values({
          code,
          kind: input.kind,
          name: input.name,
          jobId: input.jobId ?? null,
          createdBy: input.createdBy,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) return { taken: true };
      const link = await this.find(row.id);
      return { link: link! };
    },

    /** Archives a link (its code still resolves; see createSourceResolver); false when there is none. */
    async archive(id: string): Promise<boolean> {
      const rows = await db
        .update(trackingLinks)
        .set({ archivedAt: new Date() })
        .where(and(eq(trackingLinks.id, id), isNull(trackingLinks.archivedAt)))
        .returning({ id: trackingLinks.id });
      if (rows.length > 0) return true;
      const [exists] = await db
        .select({ id: trackingLinks.id })
        .from(trackingLinks)
        .where(eq(trackingLinks.id, id));
      return exists !== undefined;
    },

    /** Renames a link (its code and what it brought stay); false when there is none. */
    async rename(id: string, name: string): Promise<boolean> {
      const rows = await db
        .update(trackingLinks)
        .set({ name })
        .where(eq(trackingLinks.id, id))
        .returning({ id: trackingLinks.id });
      return rows.length > 0;
    },

    /** Whether a job exists, for a link that names one. */
    async jobExists(id: string): Promise<boolean> {
      const [row] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, id)).limit(1);
      return row !== undefined;
    },

    /** Every link's code with its name, archived ones too, for the labels of recorded sources. */
    async names(): Promise<Map<string, string>> {
      const rows = await db
        .select({ code: trackingLinks.code, name: trackingLinks.name })
        .from(trackingLinks);
      return new Map(rows.map((row) => [row.code, row.name]));
    },
  };
}

export type TrackingLinkRepository = ReturnType<typeof createTrackingLinkRepository>;

/** Every tracking link's name by its code, archived ones too: what a recorded source is called. */
export function createTrackingLinkNames(db: Db): () => Promise<ReadonlyMap<string, string>> {
  return async () =>
    new Map(
      (await db.select({ code: trackingLinks.code, name: trackingLinks.name }).from(trackingLinks)).map(
        (link) => [link.code, link.name],
      ),
    );
}
