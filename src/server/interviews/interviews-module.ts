import type { ServerModule } from '../domain-module/server-module';
import {
  interviewBookings,
  interviewOffers,
  interviewSlotInterviewers,
  interviewSlots,
  scorecards,
} from '../db/schema';
import { interviewCalls } from './interview-calls';
import { scheduleInterviewReminders } from './interview-reminders';

type Deps = Parameters<typeof interviewCalls>[0] & Parameters<typeof scheduleInterviewReminders>[0];

/** Interview slots, offers and bookings, the day-before reminders, and the scorecards. */
export const interviewsModule: ServerModule<Deps> = {
  name: 'interviews',
  routes: (context) => {
    const calls = interviewCalls(context);
    return { applicant: calls.applicant, admin: calls.admin, team: calls.team };
  },
  tables: [interviewSlots, interviewSlotInterviewers, interviewOffers, interviewBookings, scorecards],
  schedule: (context, log) => scheduleInterviewReminders(context, log),
  privacy: {
    personalData: true,
    export: {
      what: 'The interviews offered and booked for each application, and their scorecards (scorecard-repository.ts too).',
      by: 'interviews/interview-repository.ts#exportFor',
    },
    erase: {
      what: 'Offers, bookings and scorecards go with their application (foreign keys).',
      by: 'applications/application-erasure.ts#eraseSubject',
    },
    purge: {
      what: 'Offers, bookings and scorecards go with their application (foreign keys).',
      by: 'privacy/retention.ts#purgeExpiredApplications',
    },
    restoreReplay: {
      what: 'Those of an application deleted since the backup are dropped with it.',
      by: 'backups/restore.ts#keep',
    },
  },
};
