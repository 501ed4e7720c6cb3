import { useCallback, useId, useLayoutEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, mergeClasses } from '@fluentui/react-components';
import { ArrowNextRegular } from '@fluentui/react-icons/headless/svg/arrow-next';
import { ArrowPreviousRegular } from '@fluentui/react-icons/headless/svg/arrow-previous';
import type { ApplicationDetail } from '../../../shared/applications/application-contract';
import { useAppDispatch } from '../../store/hooks';
import { useAdminStyles } from '../../layout/admin-page';
import { applicationPath, type ListFilter } from './application-filters';
import { deleteApplicationWithConfirmation } from './delete-application';
import { StageMenu } from './stage-menu';
import { useStageChange } from './use-stage-change';
import type { ReviewSequence } from './use-review-sequence';
import { useStyles } from './review-bar.styles';

/**
 * The review loop's keys: Alt with J (next) and K (previous), as in many mail readers. A modifier
 * keeps them off screen readers' single-letter keys and lets nobody trigger them by typing; no
 * browser uses Alt+J or Alt+K, and the console's menus answer only to their own letters.
 */
const SHORTCUTS = {
  next: { code: 'KeyJ', aria: 'Alt+J', hint: 'Alt+J' },
  previous: { code: 'KeyK', aria: 'Alt+K', hint: 'Alt+K' },
} as const;

/** Whether a key press belongs to something the admin is typing in, or to an open dialog. */
function isTypingOrInDialog(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]')) return true;
  return Boolean(target.closest('[role="dialog"], [role="alertdialog"], [role="menu"], .swal2-container'));
}

/** The review bar: the stage (Interview opening the offer of times when `onInterview` is given), where this application sits in the list, Previous, Next and Delete. */
export function ReviewBar({
  application,
  filter,
  sequence,
  onDeleted,
  onInterview,
}: {
  application: ApplicationDetail;
  filter: ListFilter;
  sequence: ReviewSequence;
  onDeleted: () => void;
  /** Choosing Interview opens the screen's offer of interview times instead of moving at once. */
  onInterview?: () => void;
}) {
  const admin = useAdminStyles();
  const styles = useStyles();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const stageLabelId = useId();
  const stage = useStageChange();
  const { previous, next } = sequence;

  const go = useCallback(
    (target: { _id: string } | undefined) => {
      if (target) void navigate(applicationPath(target._id, filter));
    },
    [filter, navigate],
  );

  // Registered before the page is painted: a key pressed as soon as the next application shows
  // must move on from that one, not from the one before it (a passive effect can run later).
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || event.repeat) return;
      if (event.code !== SHORTCUTS.next.code && event.code !== SHORTCUTS.previous.code) return;
      if (isTypingOrInDialog(event.target)) return;
      event.preventDefault();
      go(event.code === SHORTCUTS.next.code ? next : previous);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [go, next, previous]);

  const remove = async () => {
    if (await deleteApplicationWithConfirmation(application._id, dispatch)) onDeleted();
  };

  return (
    <section className={mergeClasses(admin.card, styles.review)} aria-label="Review">
      <div className={styles.stage}>
        <span id={stageLabelId} className={styles.stageLabel}>
          Stage
        </span>
        <StageMenu
          size="medium"
          stage={application.stage}
          applicantName={application.name}
          busy={Boolean(stage.busy[application._id])}
          onChange={(next) => {
            if (next === 'interview' && onInterview) onInterview();
            else void stage.changeStage(application, next);
          }}
        />
      </div>
      <p className={styles.position} role="status">
        {sequence.position > 0
          ? `Application ${sequence.position} of ${sequence.total} in this list`
          : sequence.loaded
            ? 'Not in the current list'
            : ''}
      </p>
      <div className={styles.steps}>
        <Button
          icon={<ArrowPreviousRegular />}
          disabledFocusable={!previous}
          aria-keyshortcuts={SHORTCUTS.previous.aria}
          onClick={() => go(previous)}
        >
          Previous{' '}
          <kbd className={styles.hint} aria-hidden="true">
            {SHORTCUTS.previous.hint}
          </kbd>
        </Button>
        <Button
          icon={<ArrowNextRegular />}
          iconPosition="after"
          disabledFocusable={!next}
          aria-keyshortcuts={SHORTCUTS.next.aria}
          onClick={() => go(next)}
        >
          Next{' '}
          <kbd className={styles.hint} aria-hidden="true">
            {SHORTCUTS.next.hint}
          </kbd>
        </Button>
        <Button onClick={() => void remove()}>Delete</Button>
      </div>
    </section>
  );
}
