import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './base-query';

/**
 * The one API of the app. Each domain adds its endpoints with injectEndpoints from its own
 * feature folder (features/jobs/jobs-api.ts, features/applications/applications-api.ts...), so
 * admin endpoints live in chunks a visitor never downloads.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [
    'Job',
    'Application',
    'Note',
    'Audit',
    'Admin',
    'Counts',
    'ReplyTemplate',
    'Account',
    'TeamMember',
    'TeamWork',
    'Viewers',
    'Interview',
    'Scorecard',
    'RightToWork',
    'Department',
    'ResponseTimes',
    'TrackingLink',
  ],
  endpoints: () => ({}),
});

/**
 * Every cache tag of the app, declared once: a screen that changes something names what it
 * changed here, whichever feature's endpoint cached it.
 */
export const tags = {
  jobList: { type: 'Job', id: 'LIST' } as const,
  job: (id: string) => ({ type: 'Job', id }) as const,
  applicationList: { type: 'Application', id: 'LIST' } as const,
  application: (id: string) => ({ type: 'Application', id }) as const,
  notes: (applicationId: string) => ({ type: 'Note', id: applicationId }) as const,
  audit: (applicationId: string) => ({ type: 'Audit', id: applicationId }) as const,
  admin: (email: string) => ({ type: 'Admin', id: email }) as const,
  /** The small answer the admin screens poll: applications per stage, and the newest one's time. */
  applicationCounts: { type: 'Counts', id: 'APPLICATIONS' } as const,
  replyTemplates: { type: 'ReplyTemplate', id: 'LIST' } as const,
  /** The signed-in user's account screen: second factor and recent events. */
  account: { type: 'Account', id: 'ME' } as const,
  /** The administrators' list of the hiring team, with each member's jobs. */
  teamMembers: { type: 'TeamMember', id: 'LIST' } as const,
  /** What a team member reaches: their jobs, the lists and applications under them. */
  teamWork: { type: 'TeamWork', id: 'ALL' } as const,
  teamApplication: (id: string) => ({ type: 'TeamWork', id }) as const,
  /** Who has seen a job's applicants. */
  jobViewers: (jobId: string) => ({ type: 'Viewers', id: jobId }) as const,
  /** An application's interview times and booking, as staff see them. */
  interview: (applicationId: string) => ({ type: 'Interview', id: applicationId }) as const,
  /** An application's scorecards, as the caller may see them. */
  scorecards: (applicationId: string) => ({ type: 'Scorecard', id: applicationId }) as const,
  /** An application's right-to-work check. */
  rightToWork: (applicationId: string) => ({ type: 'RightToWork', id: applicationId }) as const,
  /** The departments administrators keep. */
  departments: { type: 'Department', id: 'LIST' } as const,
  /** The stages' time limits, and the rejection reasons administrators keep. */
  stageLimits: { type: 'ResponseTimes', id: 'LIMITS' } as const,
  rejectionReasons: { type: 'ResponseTimes', id: 'REASONS' } as const,
  /** The tracking links, with the applications each brought. */
  trackingLinks: { type: 'TrackingLink', id: 'LIST' } as const,
};
