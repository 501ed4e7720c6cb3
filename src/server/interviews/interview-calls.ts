import type { Api } from '../domain-module/route-types';
import { applicantInterviewRoutes } from './booking-routes';
import { interviewRoutes, managedApplication, type InterviewRouteDeps } from './interview-routes';
import { staffBookingRoutes } from './staff-booking-routes';

/**
 * Every interview call, in the three scopes app.ts registers them in (docs/behaviour.md#interviews):
 * administrators and a job's hiring manager offer slots, move or cancel a booked interview for the
 * applicant and read the scorecards; the applicant books through their private link; interviewers
 * submit their scorecard. Put together here, outside the route modules, since a route module never
 * imports another (.dependency-cruiser.cjs).
 */
export function interviewCalls(context: InterviewRouteDeps) {
  const staff = interviewRoutes(context);
  const staffBookings = staffBookingRoutes(context);
  return {
    admin(app: Api) {
      staff.admin(app);
      staffBookings.admin(app);
    },
    team(app: Api) {
      staff.team(app);
      staffBookings.team(app, managedApplication(context.teamAccess));
    },
    applicant(app: Api) {
      applicantInterviewRoutes(app, context);
    },
  };
}
