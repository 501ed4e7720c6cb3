import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import { BriefcaseRegular } from '@fluentui/react-icons/headless/svg/briefcase';
import { CalendarRegular } from '@fluentui/react-icons/headless/svg/calendar';
import { CalendarClockRegular } from '@fluentui/react-icons/headless/svg/calendar-clock';
import { ChevronDownRegular } from '@fluentui/react-icons/headless/svg/chevron-down';
import { ClockRegular } from '@fluentui/react-icons/headless/svg/clock';
import { DeleteRegular } from '@fluentui/react-icons/headless/svg/delete';
import { EditRegular } from '@fluentui/react-icons/headless/svg/edit';
import { LocationRegular } from '@fluentui/react-icons/headless/svg/location';
import { MoneyRegular } from '@fluentui/react-icons/headless/svg/money';
import type { Job } from '../../../shared/jobs/job-contract';
import { formatClosingDate } from '../../../shared/jobs/closing-date';
import { useActionStyles } from '../../components/action-styles';
import { LinkButton } from '../../components/link-button';
import { usePanelStyles } from '../../components/panel-styles';
import { screens } from '../../../shared/site/screen-routes';

const useStyles = makeStyles({
  // The public site's panel (panel-styles.ts), raised less at rest and more under the pointer.
  card: {
    boxShadow: tokens.shadow4,
    transitionProperty: 'box-shadow, transform',
    transitionDuration: tokens.durationNormal,
    ':hover': { boxShadow: tokens.shadow16 },
  },
  // A long list of cards: the browser lays out and paints only those near the screen, so a phone
  // shows the first ones sooner. The height stands in for a card not yet laid out (the height
  // only: an intrinsic width would hold a narrow phone's column wider than its screen).
  listCard: { contentVisibility: 'auto', containIntrinsicBlockSize: 'auto 400px' },
  head: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'flex-start' },
  titleBlock: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    flexGrow: 1,
    minWidth: 0,
  },
  title: {
    ...typographyStyles.subtitle1,
    fontSize: '20px',
    lineHeight: '28px',
    margin: 0,
    overflowWrap: 'anywhere',
  },
  meta: {
    ...typographyStyles.body1,
    color: tokens.colorNeutralForeground2,
    display: 'flex',
    flexWrap: 'wrap',
    gap: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalL}`,
    margin: 0,
  },
  metaItem: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  adminActions: { display: 'flex', gap: tokens.spacingHorizontalXS, flexShrink: 0 },
  iconLink: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '32px',
    height: '32px',
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground2,
    fontSize: '20px',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover, color: tokens.colorBrandForeground1 },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  tiles: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 140px), 1fr))',
    gap: tokens.spacingHorizontalS,
    margin: 0,
  },
  tile: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorBrandBackground2,
  },
  tileLabel: {
    ...typographyStyles.caption1Strong,
    color: tokens.colorBrandForeground2,
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
  },
  tileValue: {
    ...typographyStyles.body1Strong,
    margin: 0,
    color: tokens.colorNeutralForeground1,
    overflowWrap: 'anywhere',
  },
  details: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    paddingTop: tokens.spacingVerticalL,
  },
  detailHeading: { ...typographyStyles.subtitle2, margin: 0 },
  text: {
    ...typographyStyles.body1,
    margin: 0,
    whiteSpace: 'pre-line',
    color: tokens.colorNeutralForeground1,
  },
  list: {
    ...typographyStyles.body1,
    margin: 0,
    paddingInlineStart: tokens.spacingHorizontalXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  footer: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    justifyContent: 'space-between',
    alignItems: 'center',
    marginTop: 'auto',
  },
});

/**
 * Whether the visitor opened this card's details on the prerendered page before the app took it
 * over (the web entry toggles them itself, src/web/main.tsx). useId gives the same id on the server
 * and in the hydrating browser, so the panel found is this card's; a card rendered in the browser
 * alone has an id no server markup carries, and starts closed.
 */
function openedBeforeHydration(detailsId: string): boolean {
  if (typeof document === 'undefined') return false;
  const panel = document.getElementById(detailsId);
  return panel !== null && !panel.hidden;
}

export interface JobCardProps {
  job: Job;
  /** The apply page shows the card open and without the Apply Now link. */
  variant?: 'list' | 'apply';
  headingLevel?: 2 | 3;
  isAdmin?: boolean;
  onDelete?: (jobId: string) => void;
}

export function JobCard({
  job,
  variant = 'list',
  headingLevel = 3,
  isAdmin = false,
  onDelete,
}: JobCardProps) {
  const styles = useStyles();
  const actions = useActionStyles();
  const panel = usePanelStyles();
  const id = useId();
  const titleId = `${id}-title`;
  const detailsId = `${id}-details`;
  const [expanded, setExpanded] = useState(() => variant === 'apply' || openedBeforeHydration(detailsId));
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const SubHeading = headingLevel === 2 ? 'h3' : 'h4';

  return (
    <article
      className={mergeClasses(panel.panel, styles.card, variant === 'list' && styles.listCard)}
      aria-labelledby={titleId}
    >
      <div className={styles.head}>
        <div className={styles.titleBlock}>
          <Heading id={titleId} className={styles.title}>
            {job.jobTitle}
          </Heading>
          <p className={styles.meta}>
            <span className={styles.metaItem}>
              <LocationRegular aria-hidden="true" />
              {job.location}
            </span>
            <span className={styles.metaItem}>
              <CalendarRegular aria-hidden="true" />
              Posted: {job.publishTime}
            </span>
            {job.closingDate && (
              <span className={styles.metaItem}>
                <CalendarClockRegular aria-hidden="true" />
                {job.closed ? 'Closed' : 'Closes'}: {formatClosingDate(job.closingDate)}
              </span>
            )}
          </p>
        </div>
        {isAdmin && (
          <div className={styles.adminActions}>
            <Link
              to={screens.editJob.path({ id: job._id })}
              className={styles.iconLink}
              aria-label={`Edit ${job.jobTitle}`}
              title="Edit post"
            >
              <EditRegular aria-hidden="true" />
            </Link>
            <button
              type="button"
              className={mergeClasses(actions.base, actions.subtle, actions.icon)}
              aria-label={`Delete ${job.jobTitle}`}
              title="Delete post"
              onClick={() => onDelete?.(job._id)}
            >
              <DeleteRegular aria-hidden="true" />
            </button>
          </div>
        )}
      </div>

      <dl className={styles.tiles}>
        <div className={styles.tile}>
          <dt className={styles.tileLabel}>
            <ClockRegular aria-hidden="true" />
            Start Date
          </dt>
          <dd className={styles.tileValue}>{job.hours}</dd>
        </div>
        <div className={styles.tile}>
          <dt className={styles.tileLabel}>
            <MoneyRegular aria-hidden="true" />
            CTC (Annual)
          </dt>
          <dd className={styles.tileValue}>{job.ctc}</dd>
        </div>
        <div className={styles.tile}>
          <dt className={styles.tileLabel}>
            <BriefcaseRegular aria-hidden="true" />
            Experience
          </dt>
          <dd className={styles.tileValue}>{job.experience}</dd>
        </div>
      </dl>

      {/* The panel itself has no display of its own, so `hidden` alone hides it: the web entry
          opens it by that attribute before the app runs, and the page without script shows it by
          overriding the same attribute (index.html). */}
      <div id={detailsId} className="disclosure-panel" hidden={!expanded}>
        <div className={styles.details}>
          <SubHeading className={styles.detailHeading}>Description</SubHeading>
          <p className={styles.text}>{job.description}</p>
          {job.responsibilities.length > 0 && (
            <>
              <SubHeading className={styles.detailHeading}>Responsibilities</SubHeading>
              <ul className={styles.list}>
                {job.responsibilities.map((item, index) => (
                  <li key={index}>{item}</li>
                ))}
              </ul>
            </>
          )}
          {job.requirements.length > 0 && (
            <>
              <SubHeading className={styles.detailHeading}>Requirements</SubHeading>
              <ul className={styles.list}>
                {job.requirements.map((item, index) => (
                  <li key={index}>{item}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      </div>

      <div className={styles.footer}>
        {/* Both labels are rendered and CSS shows the one that matches aria-expanded, and turns the
            chevron (global.css), so the web entry can toggle the button before the app runs by
            changing aria-expanded alone, leaving the DOM as this component renders it. */}
        <button
          type="button"
          className={mergeClasses('disclosure-toggle', actions.base, actions.link)}
          aria-expanded={expanded}
          aria-controls={detailsId}
          onClick={() => setExpanded((open) => !open)}
        >
          <span className="disclosure-when-closed">More Details</span>
          <span className="disclosure-when-open">Hide Details</span>
          <ChevronDownRegular className="disclosure-chevron" aria-hidden="true" />
        </button>
        {variant === 'list' && !job.closed && (
          <LinkButton to={screens.apply.path({ id: job._id })} appearance="primary">
            Apply Now<span className="visually-hidden"> for {job.jobTitle}</span>
          </LinkButton>
        )}
      </div>
    </article>
  );
}
