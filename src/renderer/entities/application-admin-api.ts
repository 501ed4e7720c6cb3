import type {
  ApplicationDetail,
  ApplicationSummary,
  CvAnswer,
} from '../../shared/applications/application-contract';
import type { ReplyKind, ReplyPreview } from '../../shared/applications/reply-contract';
import type {
  ApplicationCounts,
  ApplicationStage,
  BulkStageChange,
  StageChange,
  StageChanged,
} from '../../shared/applications/stage-contract';
import type { DeleteAck } from '../../shared/http/acknowledgements';
import type { CvPurpose } from '../../shared/privacy/audit-contract';
import { api, tags } from '../store/api';
import type { RootState } from '../store/store';
import { apiPaths } from '../../shared/http/api-routes';

/** How often the admin screens ask for the counts: the answer is tiny, and a 304 while nothing changed. */
export const COUNTS_POLLING_MS = 30_000;

type Dispatch = (action: unknown) => unknown;

/** One page of the list: the newest `limit`, among those the search `q` finds when given. */
export interface ApplicationsPageArgs {
  q?: string;
  limit: number;
}

/** Admin-only application calls; loaded with the dashboard, never by visitors. */
export const applicationAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Every application (10,000 or more). The list is one tag, not one per row: tens of thousands
     * of tags cost the store more than the list itself. Its rows arrive frozen, so the store's
     * immutability pass, which skips what is already frozen, does not walk them one by one.
     */
    getApplications: build.query<ApplicationSummary[], void>({
      query: () => apiPaths.applications.path(),
      transformResponse: (rows: ApplicationSummary[]) => {
        for (const row of rows) Object.freeze(row);
        return Object.freeze(rows) as ApplicationSummary[];
      },
      providesTags: [tags.applicationList],
    }),
    /**
     * The newest few applications, with the list's search when it has one (the server answers it
     * the way the list does): what the list shows while every application is on its way
     * (docs/architecture.md#the-applications-list).
     */
    getApplicationsPage: build.query<ApplicationSummary[], ApplicationsPageArgs>({
      query: ({ q, limit }) =>
        `${apiPaths.applications.path()}?${new URLSearchParams({ ...(q ? { q } : {}), limit: String(limit) }).toString()}`,
      providesTags: [tags.applicationList],
    }),
    /**
     * The ids of the applications that gave one answer to one question (the server reads the
     * answers; docs/behaviour.md#questions-per-job). Only ids: the rows come from the full list.
     */
    getApplicationsAnswering: build.query<string[], { question: string; answer: string }>({
      query: ({ question, answer }) =>
        `${apiPaths.applications.path()}?${new URLSearchParams({ question, answer }).toString()}`,
      transformResponse: (rows: ApplicationSummary[]) => rows.map((row) => row._id),
      providesTags: [tags.applicationList],
    }),
    getApplication: build.query<ApplicationDetail, string>({
      query: (id) => apiPaths.application.path({ id }),
      providesTags: (_row, _error, id) => [tags.application(id)],
      // Opening a New application makes it Reviewed on the server: the cached list and the counts follow.
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        const detail = await queryFulfilled.then(({ data }) => data).catch(() => undefined);
        if (!detail) return;
        const listed = applicationAdminApi.endpoints.getApplications
          .select()(getState())
          .data?.find((row) => row._id === id);
        if (listed && listed.stage !== detail.stage) {
          patchCachedStages(dispatch, getState, new Set([id]), detail.stage, detail.stageChangedAt);
          dispatch(api.util.invalidateTags([tags.applicationCounts, tags.audit(id)]));
        }
      },
    }),
    /**
     * The CV as a data URL (up to about 7 MB of text). A command, not a cached read: the server
     * records each one in the application's audit trail, so every call goes to the server. Screens
     * turn the text into bytes at once and then reset the call, which drops the text from the store.
     */
    getApplicationCv: build.mutation<CvAnswer, { id: string; purpose: CvPurpose }>({
      query: ({ id, purpose }) => `${apiPaths.applicationPdf.path({ id })}?purpose=${purpose}`,
      // The server recorded this fetch (or the attempt) in the application's audit trail.
      invalidatesTags: (_answer, _error, { id }) => [tags.audit(id)],
    }),
    deleteApplication: build.mutation<DeleteAck, string>({
      query: (id) => ({ url: apiPaths.application.path({ id }), method: 'DELETE' }),
      invalidatesTags: (_answer, _error, id) => [
        tags.applicationList,
        tags.application(id),
        tags.notes(id),
        tags.audit(id),
        tags.applicationCounts,
      ],
      // The row leaves the table as soon as the server confirms, before the list is fetched again.
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(
            applicationAdminApi.util.updateQueryData('getApplications', undefined, (rows) =>
              rows.filter((row) => row._id !== id),
            ),
          );
        } catch {
          // The caller shows the failure; the list stays as it was.
        }
      },
    }),
    /**
     * The e-mail a move to a stage would send this applicant, exactly as it would go. Asked for
     * with the lazy query's trigger (always a fresh answer) and let go of once read.
     */
    getReplyPreview: build.query<ReplyPreview, { id: string; kind: ReplyKind }>({
      query: ({ id, kind }) => apiPaths.applicationReply.path({ id, kind }),
      keepUnusedDataFor: 0,
    }),
    changeStage: build.mutation<StageChanged, { id: string } & StageChange>({
      query: ({ id, stage, notify, reasonId, feedback }) => ({
        url: apiPaths.applicationStage.path({ id }),
        method: 'PUT',
        body: { stage, notify, reasonId, feedback },
      }),
      invalidatesTags: (_answer, error, { id }) => (error ? [] : [tags.audit(id), tags.applicationCounts]),
      async onQueryStarted({ id, stage }, { dispatch, getState, queryFulfilled }) {
        const answer = await queryFulfilled.then(({ data }) => data).catch(() => undefined);
        if (!answer) return;
        if (answer.matchedCount === 0) {
          // Gone meanwhile (deleted elsewhere): the list is fetched again rather than patched.
          dispatch(api.util.invalidateTags([tags.applicationList, tags.application(id)]));
          return;
        }
        if (answer.modifiedCount > 0)
          patchCachedStages(dispatch, getState, new Set([id]), stage, new Date().toISOString());
      },
    }),
    /** One call for many applications (at most MAX_BULK_STAGE_CHANGE), one transaction on the server. */
    changeStages: build.mutation<StageChanged, BulkStageChange>({
      query: (body) => ({ url: apiPaths.stages.path(), method: 'POST', body }),
      invalidatesTags: (_answer, error) => (error ? [] : ['Audit', tags.applicationCounts]),
      async onQueryStarted({ ids, stage }, { dispatch, getState, queryFulfilled }) {
        const answer = await queryFulfilled.then(({ data }) => data).catch(() => undefined);
        if (!answer) return;
        // Patched in place: fetching 10,000 rows again for one change would stall the screen.
        patchCachedStages(dispatch, getState, new Set(ids), stage, new Date().toISOString());
        // Some were gone (deleted meanwhile): the list is fetched again so they leave it.
        if (answer.matchedCount < new Set(ids).size)
          dispatch(api.util.invalidateTags([tags.applicationList]));
      },
    }),
    /**
     * Polled by the admin screens (COUNTS_POLLING_MS). A newer application than the last answer
     * knew of means the list is out of date, so it is fetched again (if anything shows it).
     */
    getApplicationCounts: build.query<ApplicationCounts, void>({
      query: () => apiPaths.applicationCounts.path(),
      providesTags: [tags.applicationCounts],
      async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
        const before = applicationAdminApi.endpoints.getApplicationCounts.select()(getState()).data;
        const after = await queryFulfilled.then(({ data }) => data).catch(() => undefined);
        if (!before || !after) return;
        if (after.latestCreatedAt !== before.latestCreatedAt || after.total > before.total)
          dispatch(api.util.invalidateTags([tags.applicationList]));
      },
    }),
  }),
});

/**
 * Writes a new stage into the cached list and any cached detail of these applications. The server
 * said which changed; the exact time it recorded comes with the next fetch.
 */
function patchCachedStages(
  dispatch: Dispatch,
  getState: () => Pick<RootState, 'api'>,
  ids: ReadonlySet<string>,
  stage: ApplicationStage,
  stageChangedAt: string,
): void {
  // Found on the cached rows themselves: reading every row through the draft would wrap each in a proxy.
  const cached = applicationAdminApi.endpoints.getApplications.select()(getState()).data ?? [];
  const changed = cached.flatMap((row, index) => (ids.has(row._id) && row.stage !== stage ? [index] : []));
  if (changed.length > 0)
    dispatch(
      applicationAdminApi.util.updateQueryData('getApplications', undefined, (rows) => {
        for (const index of changed) {
          rows[index]!.stage = stage;
          rows[index]!.stageChangedAt = stageChangedAt;
        }
      }),
    );
  for (const args of applicationAdminApi.util.selectCachedArgsForQuery(getState(), 'getApplicationsPage'))
    dispatch(
      applicationAdminApi.util.updateQueryData('getApplicationsPage', args, (rows) => {
        for (const row of rows)
          if (ids.has(row._id) && row.stage !== stage) {
            row.stage = stage;
            row.stageChangedAt = stageChangedAt;
          }
      }),
    );
  const cachedDetails = applicationAdminApi.util.selectCachedArgsForQuery(getState(), 'getApplication');
  for (const id of cachedDetails) {
    if (!ids.has(id)) continue;
    dispatch(
      applicationAdminApi.util.updateQueryData('getApplication', id, (detail) => {
        if (detail.stage === stage) return;
        detail.stage = stage;
        detail.stageChangedAt = stageChangedAt;
      }),
    );
  }
}

export const {
  useGetApplicationsQuery,
  useGetApplicationsPageQuery,
  useGetApplicationsAnsweringQuery,
  useGetApplicationCvMutation,
  useLazyGetReplyPreviewQuery,
  useGetApplicationQuery,
  useDeleteApplicationMutation,
  useGetApplicationCountsQuery,
} = applicationAdminApi;
