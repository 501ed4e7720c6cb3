import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { mintApplicationToken } from '../email/private-link';
import { digest, isSecretTokenShaped } from '../http/secret-token';
import { applicationLinks, applicationReplies, applications, interviewOffers } from '../db/schema';
import type { ApplicationStage } from '../../shared/applications/stage-contract';

/** The application behind a live private link: what the applicant's page and its actions need. */
export interface LinkedApplication {
  id: string;
  name: string;
  email: string;
  jobTitle: string;
  createdAt: Date;
  stage: ApplicationStage;
  previousStage: ApplicationStage | null;
  stageChangedAt: Date;
  /** Whether the rejection e-mail was queued for it (application_replies). */
  rejectionSent: boolean;
  hasCv: boolean;
  /** Interview times were offered to it (docs/behaviour.md#interviews). */
  interviewOffered: boolean;
}

/**
 * The applicants' private links (docs/security.md#the-applicants-private-link): one per
 * application, kept only as a hash. A link is minted when the e-mail carrying it is sent, and a
 * new one replaces the old.
 */
export function createApplicationLinks(db: Db) {
  return {
    /**
     * A fresh token for the application, replacing its earlier one (which stops working);
     * undefined when there is no such application.
     */
    mint: (applicationId: string): Promise<string | undefined> =>
      mintApplicationToken(db, applicationLinks, applicationId),

    /** The application a token opens, whatever its stage; undefined for any other text. */
    async find(token: string): Promise<LinkedApplication | undefined> {
      if (!isSecretTokenShaped(token)) return undefined;
      const [row] = await db
        .select({
          id: applications.id,
          name: applications.name,
          email: applications.email,
          jobTitle: applications.jobTitle,
          createdAt: applications.createdAt,
          stage: applications.stage,
          previousStage: applications.previousStage,
          stageChangedAt: applications.stageChangedAt,
          hasCv: sql<boolean>`${applications.cvKey} is not null`,
          interviewOffered: sql<boolean>`exists (${db
            .select({ one: sql`1` })
            .from(interviewOffers)
            .where(eq(interviewOffers.applicationId, applications.id))})`,
          rejectionSent: sql<boolean>`exists (${db
            .select({ one: sql`1` })
            .from(applicationReplies)
            .where(
              and(
                eq(applicationReplies.applicationId, applications.id),
                eq(applicationReplies.kind, 'rejection'),
              ),
            )})`,
        })
        .from(applicationLinks)
        .innerJoin(applications, eq(applications.id, applicationLinks.applicationId))
        .where(eq(applicationLinks.tokenHash, digest(token)))
        .limit(1);
      return row;
    },

    /**
     * The applications of one address that may get a fresh link: every one not withdrawn, oldest
     * first. The address is matched as stored (trimmed and lower-cased, as every form sends it).
     */
    async linkableFor(
      email: string,
    ): Promise<Array<{ id: string; name: string; email: string; jobTitle: string; createdAt: Date }>> {
      return db
        .select({
          id: applications.id,
          name: applications.name,
          email: applications.email,
          jobTitle: applications.jobTitle,
          createdAt: applications.createdAt,
        })
        .from(applications)
        .where(and(eq(applications.email, email), ne(applications.stage, 'withdrawn')))
        .orderBy(asc(applications.createdAt));
    },
  };
}

export type ApplicationLinks = ReturnType<typeof createApplicationLinks>;
