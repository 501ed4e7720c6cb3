import type { CvAnswer } from '../../../shared/applications/application-contract';
import type { Note, NoteInput } from '../../../shared/applications/note-contract';
import type { ApplicationStage, StageChanged } from '../../../shared/applications/stage-contract';
import type { DeleteAck, UpdateAck } from '../../../shared/http/acknowledgements';
import type { CvPurpose } from '../../../shared/privacy/audit-contract';
import type {
  JobViewer,
  TeamApplicationDetail,
  TeamApplicationSummary,
  TeamInvite,
  TeamInterviewer,
  TeamInvited,
  TeamInterviewRow,
  TeamJob,
  TeamMember,
} from '../../../shared/team/team-contract';
import { api, tags } from '../../store/api';
import { apiPaths } from '../../../shared/http/api-routes';

/**
 * The hiring team's calls: the administrators' (the team list, invitations, jobs, removals, who
 * has seen a job's applicants) and the team members' own under /api/team. The server checks each
 * team call against the record (this job, this application), so those calls mark their 403s as
 * the record's (`recordRefusals`): a refusal is shown, and the session goes on
 * (docs/behaviour.md#the-hiring-teams-screens).
 */
export const teamApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTeamMembers: build.query<TeamMember[], void>({
      query: () => apiPaths.teamMembers.path(),
      providesTags: [tags.teamMembers],
    }),
    inviteTeamMember: build.mutation<TeamInvited, TeamInvite>({
      query: (body) => ({ url: apiPaths.teamMembers.path(), method: 'POST', body }),
      invalidatesTags: [tags.teamMembers],
    }),
    removeTeamMember: build.mutation<DeleteAck, string>({
      query: (id) => ({ url: apiPaths.teamMember.path({ id }), method: 'DELETE' }),
      invalidatesTags: [tags.teamMembers, { type: 'Viewers' }],
    }),
    assignJob: build.mutation<UpdateAck, { memberId: string; jobId: string; mayDecide: boolean }>({
      query: ({ memberId, jobId, mayDecide }) => ({
        url: apiPaths.teamMemberJob.path({ id: memberId, jobId }),
        method: 'PUT',
        body: { mayDecide },
      }),
      invalidatesTags: [tags.teamMembers],
    }),
    unassignJob: build.mutation<DeleteAck, { memberId: string; jobId: string }>({
      query: ({ memberId, jobId }) => ({
        url: apiPaths.teamMemberJob.path({ id: memberId, jobId }),
        method: 'DELETE',
      }),
      invalidatesTags: [tags.teamMembers],
    }),
    /** Gives an interviewer an application (and its CV, while the job is open); audited by the server. */
    assignInterviewer: build.mutation<UpdateAck, { applicationId: string; memberId: string }>({
      query: ({ applicationId, memberId }) => ({
        url: apiPaths.interviewer.path({ id: applicationId, userId: memberId }),
        method: 'PUT',
      }),
      invalidatesTags: (_answer, _error, { applicationId }) => [
        tags.teamMembers,
        tags.interview(applicationId),
      ],
    }),
    /** Who interviews an application (and so may read it and its CV), as administrators see it. */
    getApplicationInterviewers: build.query<TeamInterviewer[], string>({
      query: (applicationId) => apiPaths.interviewers.path({ id: applicationId }),
      providesTags: (_answer, _error, applicationId) => [tags.interview(applicationId)],
    }),
    /** Ends an interviewer's access to an application; audited by the server. */
    unassignInterviewer: build.mutation<UpdateAck, { applicationId: string; memberId: string }>({
      query: ({ applicationId, memberId }) => ({
        url: apiPaths.interviewer.path({ id: applicationId, userId: memberId }),
        method: 'DELETE',
      }),
      invalidatesTags: (_answer, _error, { applicationId }) => [
        tags.teamMembers,
        tags.interview(applicationId),
      ],
    }),
    getJobViewers: build.query<JobViewer[], string>({
      query: (jobId) => apiPaths.jobViewers.path({ id: jobId }),
      providesTags: (_answer, _error, jobId) => [tags.jobViewers(jobId)],
    }),

    getTeamJobs: build.query<TeamJob[], void>({
      query: () => ({ url: apiPaths.teamJobs.path(), recordRefusals: true }),
      providesTags: [tags.teamWork],
    }),
    getTeamInterviewers: build.query<TeamInterviewer[], void>({
      query: () => ({ url: apiPaths.teamInterviewers.path(), recordRefusals: true }),
      providesTags: [tags.teamWork],
    }),
    /** An interviewer's applications across their open jobs, each with when they scored it. */
    getTeamInterviews: build.query<TeamInterviewRow[], void>({
      query: () => ({ url: apiPaths.teamInterviews.path(), recordRefusals: true }),
      providesTags: [tags.teamWork],
    }),
    getTeamJobApplications: build.query<TeamApplicationSummary[], string>({
      query: (jobId) => ({
        url: apiPaths.teamJobApplications.path({ id: jobId }),
        recordRefusals: true,
      }),
      providesTags: [tags.teamWork],
    }),
    getTeamApplication: build.query<TeamApplicationDetail, string>({
      query: (id) => ({ url: apiPaths.teamApplication.path({ id }), recordRefusals: true }),
      providesTags: (_answer, _error, id) => [tags.teamApplication(id)],
    }),
    /** Notes of an application of a hiring manager's job (an interviewer is never shown them). */
    getTeamNotes: build.query<Note[], string>({
      query: (id) => ({ url: apiPaths.teamApplicationNotes.path({ id }), recordRefusals: true }),
      providesTags: (_answer, _error, id) => [tags.notes(id)],
    }),
    /** A hiring manager's note on an application of their job (audited). */
    addTeamNote: build.mutation<Note, { applicationId: string } & NoteInput>({
      query: ({ applicationId, body }) => ({
        url: apiPaths.teamApplicationNotes.path({ id: applicationId }),
        method: 'POST',
        body: { body },
        recordRefusals: true,
      }),
      invalidatesTags: (_note, _error, { applicationId }) => [tags.notes(applicationId)],
    }),
    /** A hiring manager gives an interviewer an application of their job (audited). */
    assignTeamInterviewer: build.mutation<UpdateAck, { applicationId: string; memberId: string }>({
      query: ({ applicationId, memberId }) => ({
        url: apiPaths.teamInterviewer.path({ id: applicationId, userId: memberId }),
        method: 'PUT',
        recordRefusals: true,
      }),
      invalidatesTags: (_answer, _error, { applicationId }) => [tags.teamApplication(applicationId)],
    }),
    /** A hiring manager ends an interviewer's access to an application of their job (audited). */
    unassignTeamInterviewer: build.mutation<UpdateAck, { applicationId: string; memberId: string }>({
      query: ({ applicationId, memberId }) => ({
        url: apiPaths.teamInterviewer.path({ id: applicationId, userId: memberId }),
        method: 'DELETE',
        recordRefusals: true,
      }),
      invalidatesTags: (_answer, _error, { applicationId }) => [tags.teamApplication(applicationId)],
    }),
    /** The CV as a data URL: a command, each one audited, reset by the screen once decoded. */
    getTeamApplicationCv: build.mutation<CvAnswer, { id: string; purpose: CvPurpose }>({
      query: ({ id, purpose }) => ({
        url: `${apiPaths.teamApplicationPdf.path({ id })}?purpose=${purpose}`,
        recordRefusals: true,
      }),
    }),
    moveTeamApplication: build.mutation<
      StageChanged,
      { id: string; stage: ApplicationStage; reasonId?: string; feedback?: string }
    >({
      query: ({ id, stage, reasonId, feedback }) => ({
        url: apiPaths.teamApplicationStage.path({ id }),
        method: 'PUT',
        body: { stage, reasonId, feedback },
        recordRefusals: true,
      }),
      invalidatesTags: (_answer, _error, { id }) => [tags.teamWork, tags.teamApplication(id)],
    }),
  }),
});

export const {
  useGetTeamMembersQuery,
  useInviteTeamMemberMutation,
  useRemoveTeamMemberMutation,
  useAssignJobMutation,
  useUnassignJobMutation,
  useAssignInterviewerMutation,
  useGetApplicationInterviewersQuery,
  useUnassignInterviewerMutation,
  useGetJobViewersQuery,
  useGetTeamJobsQuery,
  useGetTeamInterviewersQuery,
  useGetTeamInterviewsQuery,
  useGetTeamJobApplicationsQuery,
  useGetTeamApplicationQuery,
  useGetTeamNotesQuery,
  useAddTeamNoteMutation,
  useAssignTeamInterviewerMutation,
  useUnassignTeamInterviewerMutation,
  useGetTeamApplicationCvMutation,
  useMoveTeamApplicationMutation,
} = teamApi;
