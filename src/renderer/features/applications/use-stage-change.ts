import { useCallback, useRef, useState } from 'react';
import { messages } from '../../../shared/messages';
import type { ApplicationSummary } from '../../../shared/applications/application-contract';
import {
  onceOnlyReplies,
  replyKindForStage,
  replyKindLabels,
  type ReplyKind,
  type ReplyPreview,
} from '../../../shared/applications/reply-contract';
import {
  bulkStageChangeTooLarge,
  MAX_BULK_STAGE_CHANGE,
  stageLabels,
  type ApplicationStage,
  type StageChanged,
} from '../../../shared/applications/stage-contract';
import { errorMessage, isHandledRefusal } from '../../store/api-error';
import { useAppDispatch } from '../../store/hooks';
import { choiceDialog, confirmDialog } from '../../feedback/dialogs';
import { useToast } from '../../feedback/use-toast';
import { applicationAdminApi, useLazyGetReplyPreviewQuery } from '../../entities/application-admin-api';
import { useLazyGetRejectionReasonsQuery } from '../../entities/response-times-api';
import { replyPreviewElement } from './reply-preview';
import { rejectionFields, type RejectionFields } from './rejection-fields';

export type StageRow = Pick<ApplicationSummary, '_id' | 'name' | 'stage'>;

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** What a finished change says, single or bulk: how many moved, how many e-mails went, who was already there. */
export function stageOutcomeText(answer: StageChanged, stage: ApplicationStage, subject?: string): string {
  const label = stageLabels[stage];
  const moved =
    subject && answer.matchedCount === 1
      ? answer.modifiedCount === 1
        ? `${subject} moved to ${label}.`
        : `${subject} was already ${label}.`
      : `${plural(answer.modifiedCount, 'application')} moved to ${label}.`;
  const already =
    !subject && answer.matchedCount > answer.modifiedCount
      ? ` ${answer.matchedCount - answer.modifiedCount} already ${answer.matchedCount - answer.modifiedCount === 1 ? 'was' : 'were'} ${label}.`
      : '';
  const emailed = answer.emailedCount > 0 ? ` ${plural(answer.emailedCount, 'e-mail')} queued.` : '';
  return `${moved}${already}${emailed}`;
}

/** A failure the base query has not already dealt with (401 and 403 sign out there). */
function useFailure() {
  const toast = useToast();
  return useCallback(
    (error: unknown, what: string) => {
      if (isHandledRefusal(error)) return;
      console.error(what, error);
      toast.error(errorMessage(error, `${what}. Please try again.`));
    },
    [toast],
  );
}

/** Asks for the e-mail a move would send, fresh each time, and keeps no copy once it is read. */
function useReplyPreview() {
  const [getPreview] = useLazyGetReplyPreviewQuery();
  return useCallback(
    async (id: string, kind: ReplyKind): Promise<ReplyPreview> => {
      const request = getPreview({ id, kind });
      try {
        return await request.unwrap();
      } finally {
        request.unsubscribe();
      }
    },
    [getPreview],
  );
}

/** The rejection reasons' fields for a move to Rejected (the list from the cache once read). */
function useRejection() {
  const [getReasons] = useLazyGetRejectionReasonsQuery();
  return useCallback(
    async (stage: ApplicationStage): Promise<RejectionFields | undefined> =>
      stage === 'rejected' ? rejectionFields(await getReasons(undefined, true).unwrap()) : undefined,
    [getReasons],
  );
}

/** The dialog's body: the rejection's fields, when there are any, above the e-mail. */
const withRejection = (rejection: RejectionFields | undefined, body: HTMLElement): HTMLElement => {
  if (!rejection) return body;
  const root = document.createElement('div');
  root.append(rejection.element, body);
  return root;
};

/**
 * Moves one application to a stage (the row's or the detail screen's stage control). A stage that
 * has a reply (Rejected, Interview) first shows the e-mail as it would go and asks: change and
 * send, change without e-mail, or cancel. `busy` names the applications whose change is under way.
 */
export function useStageChange() {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const failed = useFailure();
  const preview = useReplyPreview();
  const rejectionFor = useRejection();
  const [busy, setBusy] = useState<Readonly<Record<string, true>>>({});
  // A second choice while the first is still asking or saving waits for nothing: it is ignored.
  const running = useRef(new Set<string>());

  const changeStage = useCallback(
    async (row: StageRow, stage: ApplicationStage): Promise<boolean> => {
      if (stage === row.stage || running.current.has(row._id)) return false;
      running.current.add(row._id);
      setBusy((current) => ({ ...current, [row._id]: true }));
      try {
        const label = stageLabels[stage];
        const kind = replyKindForStage(stage);
        let notify = false;
        let rejection: RejectionFields | undefined;
        if (kind) {
          let email: ReplyPreview;
          try {
            email = await preview(row._id, kind);
            rejection = await rejectionFor(stage);
          } catch (error) {
            failed(error, 'The e-mail to the applicant could not be prepared, so the stage was not changed');
            return false;
          }
          const notes = email.alreadySent
            ? [
                `${row.name} has already been sent the ${replyKindLabels[kind].toLowerCase()} e-mail, so it will not be sent again.`,
              ]
            : [`Moving ${row.name} to ${label} can send them this e-mail:`];
          const choice = await choiceDialog({
            // The change starts as the dialog leaves; nothing opens after it.
            resolveWhenChosen: true,
            title: `Move ${row.name} to ${label}?`,
            body: withRejection(rejection, replyPreviewElement(email, notes)),
            check: rejection?.check,
            ...(email.alreadySent
              ? { confirmButtonText: `Move to ${label}` }
              : { confirmButtonText: 'Change and send e-mail', denyButtonText: 'Change without e-mail' }),
          });
          if (choice === 'cancel') return false;
          notify = choice === 'confirm' && !email.alreadySent;
        }
        const request = dispatch(
          applicationAdminApi.endpoints.changeStage.initiate({
            id: row._id,
            stage,
            notify,
            ...rejection?.values(),
          }),
        );
        try {
          const answer = await request.unwrap();
          if (answer.matchedCount === 0) toast.error(messages.applicationMissing);
          else toast.success(stageOutcomeText(answer, stage, row.name));
          return answer.modifiedCount > 0;
        } catch (error) {
          failed(error, 'The stage could not be changed');
          return false;
        } finally {
          request.reset();
        }
      } finally {
        running.current.delete(row._id);
        setBusy(({ [row._id]: _done, ...rest }) => rest);
      }
    },
    [dispatch, failed, preview, rejectionFor, toast],
  );

  return { busy, changeStage };
}

/**
 * Moves many applications at once: one confirmation, one call. A stage with a reply shows the
 * e-mail as the first selected applicant would get it (each gets it with their own name) and
 * offers to move them without it. Resolves true when the change was made.
 */
export function useBulkStageChange() {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const failed = useFailure();
  const preview = useReplyPreview();
  const rejectionFor = useRejection();
  const [running, setRunning] = useState(false);

  const changeStages = useCallback(
    async (rows: readonly StageRow[], stage: ApplicationStage): Promise<boolean> => {
      const first = rows[0];
      if (!first || running) return false;
      // Refused before anything is asked: the server takes at most this many in one change.
      if (rows.length > MAX_BULK_STAGE_CHANGE) {
        toast.error(bulkStageChangeTooLarge);
        return false;
      }
      setRunning(true);
      try {
        const label = stageLabels[stage];
        const count = plural(rows.length, 'application');
        const kind = replyKindForStage(stage);
        let notify = false;
        let rejection: RejectionFields | undefined;
        const verb = stage === 'rejected' ? 'Reject' : 'Move';
        const title = stage === 'rejected' ? `Reject ${count}?` : `Move ${count} to ${label}?`;
        if (kind) {
          let email: ReplyPreview;
          try {
            email = await preview(first._id, kind);
            rejection = await rejectionFor(stage);
          } catch (error) {
            failed(error, 'The e-mail to the applicants could not be prepared, so nothing was changed');
            return false;
          }
          const notes = [
            rows.length === 1
              ? `${first.name} can be sent this e-mail:`
              : `Each of the ${rows.length} applicants can be sent this e-mail, addressed to them by name. This is the one ${first.name}, the first of them, would get:`,
            ...(onceOnlyReplies.includes(kind) && rows.length > 1
              ? ['Applicants who have already had it are not sent it again.']
              : []),
          ];
          const choice = await choiceDialog({
            resolveWhenChosen: true,
            title,
            body: withRejection(rejection, replyPreviewElement(email, notes)),
            check: rejection?.check,
            confirmButtonText: `${verb} and send ${rows.length === 1 ? 'e-mail' : 'e-mails'}`,
            denyButtonText: `${verb} without e-mail`,
          });
          if (choice === 'cancel') return false;
          notify = choice === 'confirm';
        } else {
          const confirmed = await confirmDialog({
            title,
            text: `Every selected application moves to ${label}.`,
            confirmButtonText: `Move to ${label}`,
          });
          if (!confirmed) return false;
        }
        const request = dispatch(
          applicationAdminApi.endpoints.changeStages.initiate({
            ids: rows.map((row) => row._id),
            stage,
            notify,
            ...rejection?.values(),
          }),
        );
        try {
          toast.success(stageOutcomeText(await request.unwrap(), stage));
          return true;
        } catch (error) {
          failed(error, 'The applications could not be moved');
          return false;
        } finally {
          request.reset();
        }
      } finally {
        setRunning(false);
      }
    },
    [dispatch, failed, preview, rejectionFor, running, toast],
  );

  return { running, changeStages };
}
