import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import {
  Button,
  Spinner,
  makeStyles,
  mergeClasses,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { ArrowNextRegular } from '@fluentui/react-icons/headless/svg/arrow-next';
import { ArrowPreviousRegular } from '@fluentui/react-icons/headless/svg/arrow-previous';
import { ArrowClockwiseRegular } from '@fluentui/react-icons/headless/svg/arrow-clockwise';
import { ArrowDownloadRegular } from '@fluentui/react-icons/headless/svg/arrow-download';
import { ArrowLeftRegular } from '@fluentui/react-icons/headless/svg/arrow-left';
import { DismissRegular } from '@fluentui/react-icons/headless/svg/dismiss';
import { DocumentPdfRegular } from '@fluentui/react-icons/headless/svg/document-pdf';
import { EyeOffRegular } from '@fluentui/react-icons/headless/svg/eye-off';
import { EyeRegular } from '@fluentui/react-icons/headless/svg/eye';
import type { ApplicationDetail } from '../../../shared/applications/application-contract';
import { messages } from '../../../shared/messages';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { PageLoading } from '../../components/page-loading';
import { LinkButton } from '../../components/link-button';
import { AdminPageHeader, useAdminStyles } from '../../layout/admin-page';
import { useGetApplicationQuery, useGetApplicationsQuery } from './application-admin-api';
import {
  applicationPath,
  indexApplications,
  listPath,
  neighboursOf,
  readListFilter,
  viewApplications,
  type ListFilter,
} from './application-filters';
import { applicantPhone, appliedJob, appliedOn, cvSizeText } from './application-fields';
import { deleteApplicationWithConfirmation } from './delete-application';
import { hasResume } from './application-search';
import { ApplicationNotes } from './application-notes';
import { usesOptimizedLoading } from './cv-bytes';
import { CvPreview } from './cv-preview';
import { StageMenu } from './stage-menu';
import { useFetchCvBytes, useSaveCv } from './use-cv-actions';
import { useStageChange } from './use-stage-change';
import { screens } from '../../../shared/site/screen-routes';

/**
 * The review loop's keys: Alt with J (next) and K (previous), as in many mail readers. A modifier
 * keeps them off screen readers' single-letter keys and lets nobody trigger them by typing; no
 * browser uses Alt+J or Alt+K, and the console's menus answer only to their own letters.
 */
const SHORTCUTS = {
  next: { code: 'KeyJ', aria: 'Alt+J', hint: 'Alt+J' },
  previous: { code: 'KeyK', aria: 'Alt+K', hint: 'Alt+K' },
} as const;

const useStyles = makeStyles({
  layout: {
    display: 'grid',
    gap: tokens.spacingHorizontalXL,
    gridTemplateColumns: '1fr',
    alignItems: 'start',
    '@media (min-width: 1100px)': { gridTemplateColumns: 'minmax(0, 3fr) minmax(320px, 2fr)' },
  },
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingHorizontalXL, minWidth: 0 },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 220px), 1fr))',
    gap: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXL}`,
    margin: 0,
  },
  fact: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  factLabel: { ...typographyStyles.caption1Strong, color: tokens.colorNeutralForeground2 },
  factValue: { ...typographyStyles.body1, margin: 0, overflowWrap: 'anywhere' },
  link: {
    color: tokens.colorBrandForegroundLink,
    ':hover': { color: tokens.colorBrandForegroundLinkHover },
  },
  letter: {
    ...typographyStyles.body1,
    margin: 0,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    lineHeight: '1.6',
  },
  cvRow: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
  },
  fileIcon: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '44px',
    height: '44px',
    fontSize: '24px',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorPaletteRedBackground1,
    color: tokens.colorPaletteRedForeground1,
  },
  fileText: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 },
  fileName: { ...typographyStyles.body1Strong, overflowWrap: 'anywhere' },
  fileMeta: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground2 },
  buttons: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  previewPanel: {
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    overflow: 'hidden',
  },
  previewHead: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  previewTitle: { ...typographyStyles.subtitle2, margin: 0 },
  previewBody: {
    maxHeight: '80vh',
    overflowY: 'auto',
    padding: tokens.spacingVerticalM,
    backgroundColor: tokens.colorNeutralBackground4,
  },
  previewStatus: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingVerticalXXL,
    textAlign: 'center',
  },
  noCv: { ...typographyStyles.body1, color: tokens.colorNeutralForeground3, margin: 0 },
  review: {
    display: 'flex',
    flexDirection: 'row',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
  },
  stage: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  stageLabel: { ...typographyStyles.body1Strong },
  position: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
  steps: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, marginInlineStart: 'auto' },
  hint: {
    ...typographyStyles.caption1,
    fontFamily: 'inherit',
    color: tokens.colorNeutralForeground2,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusSmall,
    paddingInline: tokens.spacingHorizontalXXS,
    marginInline: tokens.spacingHorizontalXS,
  },
});

type PreviewState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; bytes: Uint8Array; attempt: number };

function Fact({ label, children }: { label: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <div className={styles.fact}>
      <dt className={styles.factLabel}>{label}</dt>
      <dd className={styles.factValue}>{children}</dd>
    </div>
  );
}

/**
 * The Resume/CV card: Download CV, Show/Hide Preview and the inline preview panel with its
 * loading and error states. The CV is fetched on the first Show Preview (or Download) and kept in
 * memory only while this screen is open.
 */
function CvSection({ application }: { application: ApplicationDetail }) {
  const admin = useAdminStyles();
  const styles = useStyles();
  const headingId = useId();
  const panelId = useId();
  const fetchCvBytes = useFetchCvBytes();
  const saveCv = useSaveCv();
  const [shown, setShown] = useState(false);
  const [preview, setPreview] = useState<PreviewState>({ status: 'idle' });
  const [downloading, setDownloading] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const bytes = useRef<Uint8Array | null>(null);
  const present = hasResume(application);

  useEffect(
    () => () => {
      // Leaving the screen lets go of the CV's object address.
      bytes.current = null;
    },
    [],
  );

  const fetchBytes = async (purpose: 'preview' | 'download'): Promise<Uint8Array | null> => {
    try {
      return await fetchCvBytes(application._id, purpose);
    } catch (error) {
      console.error('CV fetch failed', error);
      return null;
    }
  };
  // The preview keeps its bytes while the screen is open; every download fetches (and is audited).
  const load = async (): Promise<Uint8Array | null> => (bytes.current ??= await fetchBytes('preview'));

  const showPreview = async (attempt = 0) => {
    setShown(true);
    if (preview.status === 'ready' && attempt === 0) return;
    setPreview({ status: 'loading' });
    const loaded = await load();
    setPreview(loaded ? { status: 'ready', bytes: loaded, attempt } : { status: 'failed' });
  };

  const retry = () => {
    const attempt = preview.status === 'ready' ? preview.attempt + 1 : 1;
    void showPreview(attempt);
  };

  const download = async () => {
    setDownloading(true);
    setDownloadFailed(false);
    const loaded = await fetchBytes('download');
    if (loaded) await saveCv(application.name, loaded);
    else setDownloadFailed(true);
    setDownloading(false);
  };

  return (
    <section className={admin.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={admin.cardTitle}>
        Resume/CV
      </h2>
      {present ? (
        <>
          <div className={styles.cvRow}>
            <span className={styles.fileIcon} aria-hidden="true">
              <DocumentPdfRegular />
            </span>
            <span className={styles.fileText}>
              <span className={styles.fileName}>{application.name} CV (PDF)</span>
              <span className={styles.fileMeta}>
                File size: {cvSizeText(application)}
                {usesOptimizedLoading(application.pdfFileSize) && ' · Using optimized loading'}
              </span>
            </span>
            <div className={styles.buttons}>
              {/* Focusable while busy: a disabled button would drop a keyboard user's focus. */}
              <Button
                appearance="primary"
                icon={downloading ? <Spinner size="tiny" /> : <ArrowDownloadRegular />}
                disabledFocusable={downloading}
                onClick={() => void download()}
              >
                Download CV
              </Button>
              <Button
                icon={shown ? <EyeOffRegular /> : <EyeRegular />}
                aria-expanded={shown}
                aria-controls={panelId}
                onClick={() => (shown ? setShown(false) : void showPreview())}
              >
                {shown ? 'Hide Preview' : 'Show Preview'}
              </Button>
            </div>
          </div>
          {downloadFailed && (
            <p role="alert" className={styles.noCv}>
              {messages.cvDetailLoadFailed}
            </p>
          )}
          <div id={panelId} className={styles.previewPanel} hidden={!shown}>
            <div className={styles.previewHead}>
              <h3 className={styles.previewTitle}>CV Preview</h3>
              <Button appearance="subtle" icon={<DismissRegular />} onClick={() => setShown(false)}>
                Close Preview
              </Button>
            </div>
            {/* The pages scroll inside the panel; focusable so keyboard users can scroll it too. */}
            <div className={styles.previewBody} tabIndex={0} role="region" aria-label="CV pages">
              {preview.status === 'loading' && (
                <div className={styles.previewStatus}>
                  <Spinner label="Loading PDF..." />
                </div>
              )}
              {preview.status === 'failed' && (
                <div className={styles.previewStatus} role="alert">
                  <p className={styles.factValue}>{messages.cvDetailLoadFailed}</p>
                  <Button icon={<ArrowClockwiseRegular />} onClick={retry}>
                    Try Again
                  </Button>
                </div>
              )}
              {preview.status === 'ready' && shown && (
                <CvPreview
                  key={preview.attempt}
                  bytes={preview.bytes}
                  label={`CV of ${application.name}`}
                  onRetry={retry}
                />
              )}
            </div>
          </div>
        </>
      ) : (
        <p className={styles.noCv}>No resume was attached to this application.</p>
      )}
    </section>
  );
}

/** Whether a key press belongs to something the admin is typing in, or to an open dialog. */
function isTypingOrInDialog(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]')) return true;
  return Boolean(target.closest('[role="dialog"], [role="alertdialog"], [role="menu"], .swal2-container'));
}

/**
 * Previous and Next within the list the admin came from (the query the links carry). The ones
 * visited stay in the sequence even when opening them changed their stage (New becomes Reviewed),
 * so Previous still finds them; a new filter starts a new sequence.
 */
function useReviewSequence(id: string, filter: ListFilter, enabled: boolean) {
  const { data } = useGetApplicationsQuery(undefined, { skip: !enabled });
  const filterKey = `${filter.q}\u0000${filter.job}\u0000${filter.stage}`;
  const [visited, setVisited] = useState(() => ({ filterKey, ids: new Set([id]) }));
  if (visited.filterKey !== filterKey) setVisited({ filterKey, ids: new Set([id]) });
  else if (!visited.ids.has(id)) setVisited({ filterKey, ids: new Set(visited.ids).add(id) });
  const index = useMemo(() => indexApplications(data ?? []), [data]);
  const shown = useMemo(
    () => viewApplications(index, filter, visited.ids).shown,
    [index, filter, visited.ids],
  );
  return { loaded: Boolean(data), ...neighboursOf(shown, id) };
}

type ReviewSequence = ReturnType<typeof useReviewSequence>;

/** The review bar: the stage, where this application sits in the list, Previous, Next and Delete. */
function ReviewBar({
  application,
  filter,
  sequence,
  onDeleted,
}: {
  application: ApplicationDetail;
  filter: ListFilter;
  sequence: ReviewSequence;
  onDeleted: () => void;
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
          onChange={(next) => void stage.changeStage(application, next)}
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

/**
 * /dashboard/application/:id: the applicant, the review bar, the cover letter, the CV and notes.
 * `privacy` renders the application's data-protection cards (they belong to the privacy feature;
 * the app composes the two, see app/pages/application-page.tsx).
 */
export function ApplicationDetailPage({
  privacy,
}: {
  privacy?: (application: ApplicationDetail) => ReactNode;
}) {
  const admin = useAdminStyles();
  const styles = useStyles();
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const filter = useMemo(() => readListFilter(location.search), [location.search]);
  const user = useAppSelector((state) => state.session.user);
  // currentData: while the next application loads, the one before is not shown as if it were it.
  const { currentData: application, isFetching, error } = useGetApplicationQuery(id, { skip: !user });
  // Kept here, above the loading state, so the sequence outlives the moves between applications.
  const sequence = useReviewSequence(id, filter, Boolean(user));
  const infoId = useId();
  const letterId = useId();
  const backTo = listPath(filter);

  useEffect(() => {
    if (error) console.error('application failed to load', error);
  }, [error]);

  // No signed-in user sends the visitor home (the guard normally acts first).
  if (!user) return <Navigate to={screens.home.path()} replace />;
  if (!application && isFetching) return <PageLoading label="Loading application..." />;
  if (!application) {
    return (
      <div className={admin.page}>
        <title>Application not found | Admin Panel</title>
        <section className={admin.card}>
          <div className={admin.empty}>
            <h1 className={admin.title}>{messages.applicationNotFound}</h1>
            <p className={admin.emptyText}>It may have been deleted, or the address is wrong.</p>
            <LinkButton to={backTo} appearance="primary" icon={<ArrowLeftRegular aria-hidden="true" />}>
              Back to Applications
            </LinkButton>
          </div>
        </section>
      </div>
    );
  }

  const phone = applicantPhone(application);
  return (
    <div className={admin.page}>
      <title>{`${application.name} | Application | Admin Panel`}</title>
      <AdminPageHeader
        title={application.name}
        subtitle={`Application for ${appliedJob(application)}`}
        actions={
          <LinkButton to={backTo} icon={<ArrowLeftRegular aria-hidden="true" />}>
            Back to List
          </LinkButton>
        }
      />
      <ReviewBar
        application={application}
        filter={filter}
        sequence={sequence}
        onDeleted={() => void navigate(backTo)}
      />
      <div className={styles.layout}>
        <div className={styles.column}>
          <section className={admin.card} aria-labelledby={infoId}>
            <h2 id={infoId} className={admin.cardTitle}>
              Applicant Information
            </h2>
            <dl className={styles.facts}>
              <Fact label="Full Name">{application.name}</Fact>
              <Fact label="Email">
                <a className={styles.link} href={`mailto:${application.email}`}>
                  {application.email}
                </a>
              </Fact>
              <Fact label="Phone">
                <a className={styles.link} href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
                  {phone}
                </a>
              </Fact>
              <Fact label="Job Applied">{appliedJob(application)}</Fact>
              <Fact label="Applied On">{appliedOn(application)}</Fact>
              {application.duplicateOf && (
                <Fact label="Duplicate">
                  <Link
                    className={styles.link}
                    to={screens.application.path({ id: application.duplicateOf })}
                  >
                    Repeats an earlier application to this job
                  </Link>
                </Fact>
              )}
            </dl>
          </section>
          <section className={admin.card} aria-labelledby={letterId}>
            <h2 id={letterId} className={admin.cardTitle}>
              Cover Letter
            </h2>
            <p className={styles.letter}>{application.about}</p>
          </section>
          <CvSection key={application._id} application={application} />
        </div>
        <div className={styles.column}>
          <ApplicationNotes applicationId={application._id} />
          {privacy?.(application)}
        </div>
      </div>
    </div>
  );
}
