import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { mergeClasses } from '@fluentui/react-components';
import { BriefcaseRegular } from '@fluentui/react-icons/headless/svg/briefcase';
import { CalendarRegular } from '@fluentui/react-icons/headless/svg/calendar';
import { CalendarClockRegular } from '@fluentui/react-icons/headless/svg/calendar-clock';
import { ChevronDownRegular } from '@fluentui/react-icons/headless/svg/chevron-down';
import { ClockRegular } from '@fluentui/react-icons/headless/svg/clock';
import { DeleteRegular } from '@fluentui/react-icons/headless/svg/delete';
import { EditRegular } from '@fluentui/react-icons/headless/svg/edit';
import { NO_SALARY_HISTORY } from '../../../shared/jobs/job-facts';
import { factsBeyondTiles, jobTiles, type JobTileKey } from '../../../shared/jobs/job-tiles';
import { publishedFacts } from '../../../shared/jobs/published-facts';
import { LocationRegular } from '@fluentui/react-icons/headless/svg/location';
import { MoneyRegular } from '@fluentui/react-icons/headless/svg/money';
import type { Job } from '../../../shared/jobs/job-contract';
import { formatDate } from '../../../shared/format/date';
import { useActionStyles } from '../../components/action-styles';
import { LinkButton } from '../../components/link-button';
import { usePanelStyles } from '../../components/panel-styles';
import { useStyles } from './job-card.styles';
import { screens } from '../../../shared/site/screen-routes';
import { useMarkedAddress } from '../../lib/source-marker';

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

const TILE_ICONS: Record<JobTileKey, ReactNode> = {
  hours: <ClockRegular aria-hidden="true" />,
  ctc: <MoneyRegular aria-hidden="true" />,
  experience: <BriefcaseRegular aria-hidden="true" />,
};

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
  // A visitor who came by a tracking link keeps its marker on the way to the job (docs/behaviour.md#sources).
  const jobAddress = useMarkedAddress(screens.apply.path({ id: job._id }));
  const [expanded, setExpanded] = useState(() => variant === 'apply' || openedBeforeHydration(detailsId));
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const SubHeading = headingLevel === 2 ? 'h3' : 'h4';
  // Only what the title line and the tiles leave unsaid: a job whose texts are its facts' words has
  // none. The facts are the job's published ones, as the search, its JobPosting and the feeds read.
  const beyond = factsBeyondTiles({ ...job, ...publishedFacts(job) });

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
              Posted: {formatDate(job.publishTime) || job.publishTime}
            </span>
            {job.closingDate && (
              <span className={styles.metaItem}>
                <CalendarClockRegular aria-hidden="true" />
                {job.closed ? 'Closed' : 'Closes'}: {formatDate(job.closingDate)}
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
        {jobTiles(job).map((tile) => (
          <div key={tile.key} className={styles.tile}>
            <dt className={styles.tileLabel}>
              {TILE_ICONS[tile.key]}
              {tile.label}
            </dt>
            <dd className={styles.tileValue}>{tile.value}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.meta}>
        {beyond && <span className={styles.metaItem}>{beyond}</span>}
        <span className={styles.metaItem}>{NO_SALARY_HISTORY}</span>
      </p>

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
          <LinkButton to={jobAddress} appearance="primary">
            Apply Now<span className="visually-hidden"> for {job.jobTitle}</span>
          </LinkButton>
        )}
      </div>
    </article>
  );
}
