import type {
  InterviewMove,
  ScorecardSubmit,
  ScorecardsView,
  SlotOffer,
  StaffInterview,
} from '../../../shared/interviews/interview-contract';
import { api, tags } from '../../store/api';
import { apiPaths } from '../../../shared/http/api-routes';

/**
 * Who asks: an administrator (`/api/applications/...`) or a hiring team member
 * (`/api/team/applications/...`, whose refusals are the record's, not the session's).
 */
export type InterviewSource = 'admin' | 'team';

/** Each interview call's address, as the administrators' and as the team's. */
const paths = {
  admin: {
    interview: apiPaths.interview,
    slots: apiPaths.interviewSlots,
    booking: apiPaths.interviewBooking,
    scorecards: apiPaths.scorecards,
  },
  team: {
    interview: apiPaths.teamInterview,
    slots: apiPaths.teamInterviewSlots,
    booking: apiPaths.teamInterviewBooking,
    scorecards: apiPaths.teamScorecards,
  },
} satisfies Record<InterviewSource, object>;

/** What a staff change to a booking touches: its card, the interviewers, the counts, the trail. */
const bookingChanged = (id: string) => [
  tags.interview(id),
  tags.application(id),
  tags.applicationCounts,
  tags.teamWork,
  tags.teamApplication(id),
  tags.audit(id),
];

/** Interviews and scorecards of one application (docs/behaviour.md#interviews). */
export const interviewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getInterview: build.query<StaffInterview, { id: string; source: InterviewSource }>({
      query: ({ id, source }) => ({
        url: paths[source].interview.path({ id }),
        recordRefusals: source === 'team',
      }),
      providesTags: (_answer, _error, { id }) => [tags.interview(id)],
    }),
    /** Moves the application to Interview and offers times: every view of it and the counts change. */
    offerInterviewSlots: build.mutation<
      StaffInterview,
      { id: string; source: InterviewSource; offer: SlotOffer }
    >({
      query: ({ id, source, offer }) => ({
        url: paths[source].slots.path({ id }),
        method: 'POST',
        body: offer,
        recordRefusals: source === 'team',
      }),
      invalidatesTags: (_answer, error, { id }) =>
        error
          ? []
          : [
              tags.interview(id),
              tags.application(id),
              tags.applicationList,
              tags.applicationCounts,
              tags.teamWork,
              tags.teamApplication(id),
              tags.audit(id),
            ],
    }),
    /** Moves the booked interview for the applicant: the card, the counts and the trail change. */
    moveInterview: build.mutation<
      StaffInterview,
      { id: string; source: InterviewSource; move: InterviewMove }
    >({
      query: ({ id, source, move }) => ({
        url: paths[source].booking.path({ id }),
        method: 'PUT',
        body: move,
        recordRefusals: source === 'team',
      }),
      invalidatesTags: (_answer, error, { id }) => (error ? [] : bookingChanged(id)),
    }),
    /** Cancels the booked interview for the applicant. */
    cancelInterview: build.mutation<StaffInterview, { id: string; source: InterviewSource }>({
      query: ({ id, source }) => ({
        url: paths[source].booking.path({ id }),
        method: 'DELETE',
        recordRefusals: source === 'team',
      }),
      invalidatesTags: (_answer, error, { id }) => (error ? [] : bookingChanged(id)),
    }),
    getScorecards: build.query<ScorecardsView, { id: string; source: InterviewSource }>({
      query: ({ id, source }) => ({
        url: paths[source].scorecards.path({ id }),
        recordRefusals: source === 'team',
      }),
      providesTags: (_answer, _error, { id }) => [tags.scorecards(id)],
    }),
    /**
     * An interviewer's scorecard. Its answer (the scorecards they may now compare) is put in the
     * cache rather than asked again; their lists are asked again, where the application moves to
     * Scored.
     */
    submitScorecard: build.mutation<ScorecardsView, { id: string; scorecard: ScorecardSubmit }>({
      query: ({ id, scorecard }) => ({
        url: apiPaths.teamScorecard.path({ id }),
        method: 'PUT',
        body: scorecard,
        recordRefusals: true,
      }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          await dispatch(interviewsApi.util.upsertQueryData('getScorecards', { id, source: 'team' }, data));
        } catch {
          // The form shows the refusal.
        }
      },
      invalidatesTags: (_answer, error) => (error ? [] : [tags.teamWork, tags.applicationCounts]),
    }),
  }),
});

export const {
  useGetInterviewQuery,
  useOfferInterviewSlotsMutation,
  useMoveInterviewMutation,
  useCancelInterviewMutation,
  useGetScorecardsQuery,
  useSubmitScorecardMutation,
} = interviewsApi;
