import type { Database } from '../db/database';
import type { EmailOutbox } from '../email/email-outbox';
import type { MailOptions } from '../email/mail-options';
import type { ServerModule } from '../domain-module/server-module';
import { createResponseTimesRepository } from './response-times-repository';
import { scheduleResponseTimeCheck } from './response-times-pass';
import {
  responseTimeAdminRoutes,
  responseTimeApplicantRoutes,
  responseTimeTeamRoutes,
  type ApplicantResponseDeps,
} from './response-times-routes';
import {
  applicationRejections,
  holdingEmails,
  overdueDigests,
  rejectionReasons,
  stageTimeLimits,
} from './response-times-tables';

type Deps = Omit<ApplicantResponseDeps, 'responseTimes'> & {
  database: Database;
  outbox: EmailOutbox;
  mail: MailOptions;
};

/**
 * Stage time limits in working days, the overdue marks, the administrators' daily digest and the
 * applicants' holding line and e-mail; and the reasons and feedback of rejections
 * (docs/behaviour.md#response-times).
 */
export const responseTimesModule: ServerModule<Deps> = {
  name: 'response-times',
  routes: (context) => {
    const deps = { ...context, responseTimes: createResponseTimesRepository(context.database.db) };
    return {
      applicant: (scope) => responseTimeApplicantRoutes(scope, deps),
      admin: (scope) => responseTimeAdminRoutes(scope, deps),
      team: (scope) => responseTimeTeamRoutes(scope, deps),
    };
  },
  tables: [stageTimeLimits, rejectionReasons, applicationRejections, holdingEmails, overdueDigests],
  schedule: (context, log) =>
    scheduleResponseTimeCheck(
      {
        db: context.database.db,
        responseTimes: createResponseTimesRepository(context.database.db),
        outbox: context.outbox,
        mail: context.mail,
      },
      context.now,
      log,
    ),
  privacy: {
    personalData: true,
    export: {
      what: 'A rejection’s reason and feedback are written into the stage history (the audit trail) of the application, which the access export includes; the holding e-mails sent are in the export’s audit too only as e-mails, not kept here beyond the day of each stage visit.',
      by: 'response-times/response-times-repository.ts#recordRejection',
    },
    erase: {
      what: 'The rejection, its feedback and the holding e-mails’ record go with their application (foreign keys); an administrator’s digest days go with the account.',
      by: 'applications/application-erasure.ts#eraseSubject',
    },
    purge: {
      what: 'The same: they go with their application when the retention purge deletes it.',
      by: 'privacy/retention.ts#purgeExpiredApplications',
    },
    restoreReplay: {
      what: 'Those of an application deleted since the backup are dropped with it.',
      by: 'backups/restore.ts#keep',
    },
  },
};
