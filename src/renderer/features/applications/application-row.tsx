import { memo } from 'react';
import { Link } from 'react-router-dom';
import {
  Button,
  Checkbox,
  Spinner,
  TableCell,
  TableRow,
  Tooltip,
  useRestoreFocusTarget,
} from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons/headless/svg/arrow-download';
import { DeleteRegular } from '@fluentui/react-icons/headless/svg/delete';
import { DocumentPdfRegular } from '@fluentui/react-icons/headless/svg/document-pdf';
import { EyeRegular } from '@fluentui/react-icons/headless/svg/eye';
import { OpenRegular } from '@fluentui/react-icons/headless/svg/open';
import type { ApplicationSummary } from '../../../shared/applications/application-contract';
import type { ApplicationStage } from '../../../shared/applications/stage-contract';
import type { OverdueApplication } from '../../../shared/response-times/response-times-contract';
import { useAdminStyles } from '../../layout/admin-page';
import { OverdueMark } from '../../entities/overdue-mark';
import { IconLink } from '../../components/icon-link';
import { EmailAddress } from '../../components/email-address';
import { applicantPhone, appliedJob, appliedOn, cvSizeText } from './application-fields';
import { hasResume } from './application-search';
import { usesOptimizedLoading } from './cv-bytes';
import { StageMenu } from './stage-menu';
import type { CvAction } from './use-cv-actions';
import { useStyles } from './application-row.styles';

interface RowProps {
  row: ApplicationSummary;
  /** Past its stage's time limit (docs/behaviour.md#response-times). */
  overdue?: OverdueApplication | undefined;
  index: number;
  list: boolean;
  selected: boolean;
  cvBusy: CvAction | undefined;
  stageBusy: boolean;
  href: string;
  measure: (element: HTMLTableRowElement | null) => void;
  onToggle?: (id: string) => void;
  onPreview: (row: ApplicationSummary) => void;
  onDownload: (row: ApplicationSummary) => void;
  onDelete?: (row: ApplicationSummary) => void;
  onChangeStage?: (row: ApplicationSummary, stage: ApplicationStage) => void;
}

/**
 * One application. Memoised: selecting a row or a CV becoming busy redraws that row alone, not
 * every row in the window.
 */
export const ApplicationRow = memo(function ApplicationRow({
  row,
  overdue,
  index,
  list,
  selected,
  cvBusy,
  stageBusy,
  href,
  measure,
  onToggle,
  onPreview,
  onDownload,
  onDelete,
  onChangeStage,
}: RowProps) {
  const admin = useAdminStyles();
  const styles = useStyles();
  // The preview dialog hands focus back to the button that opened it when it closes. Busy buttons
  // are disabledFocusable, not disabled: a disabled button drops a keyboard user's focus to the page.
  const restoreFocusHere = useRestoreFocusTarget();
  return (
    <TableRow
      ref={measure}
      data-index={index}
      data-id={row._id}
      aria-rowindex={index + 2}
      aria-busy={cvBusy || stageBusy ? true : undefined}
    >
      {list && onToggle && (
        <TableCell className={styles.select}>
          <Checkbox
            checked={selected}
            aria-label={`Select application from ${row.name}`}
            onChange={() => onToggle(row._id)}
          />
        </TableCell>
      )}
      {list && <TableCell className={styles.number}>{index + 1}</TableCell>}
      <TableCell className={admin.strong}>
        {list ? (
          <Link to={href} className={styles.nameLink}>
            {row.name}
          </Link>
        ) : (
          row.name
        )}
        {row.duplicateOf && (
          <span
            className={styles.duplicate}
            title="Same e-mail address, same job, within 30 days of an earlier application"
          >
            Duplicate
          </span>
        )}
        {overdue && (
          <>
            {' '}
            <OverdueMark overdue={overdue} />
          </>
        )}
      </TableCell>
      <TableCell>
        <EmailAddress address={row.email} />
      </TableCell>
      <TableCell>{applicantPhone(row)}</TableCell>
      <TableCell>{appliedJob(row)}</TableCell>
      <TableCell>{appliedOn(row)}</TableCell>
      {list && onChangeStage && (
        <TableCell>
          <StageMenu
            stage={row.stage}
            applicantName={row.name}
            busy={stageBusy}
            onChange={(stage) => onChangeStage(row, stage)}
          />
        </TableCell>
      )}
      <TableCell>
        {hasResume(row) ? (
          <div className={styles.cv}>
            {list && (
              <span className={styles.size}>
                <span className={styles.sizeLine}>
                  <DocumentPdfRegular aria-hidden="true" />
                  {cvSizeText(row)}
                </span>
                {usesOptimizedLoading(row.pdfFileSize) && (
                  <span className={styles.optimized}>Using optimized loading</span>
                )}
              </span>
            )}
            <Tooltip content={`Preview CV of ${row.name}`} relationship="label" withArrow>
              <Button
                {...restoreFocusHere}
                appearance="subtle"
                disabledFocusable={Boolean(cvBusy)}
                icon={cvBusy === 'preview' ? <Spinner size="extra-tiny" /> : <EyeRegular />}
                onClick={() => onPreview(row)}
              />
            </Tooltip>
            <Tooltip content={`Download CV of ${row.name}`} relationship="label" withArrow>
              <Button
                appearance="subtle"
                disabledFocusable={Boolean(cvBusy)}
                icon={cvBusy === 'download' ? <Spinner size="extra-tiny" /> : <ArrowDownloadRegular />}
                onClick={() => onDownload(row)}
              />
            </Tooltip>
          </div>
        ) : (
          <span className={styles.noCv}>No Resume</span>
        )}
      </TableCell>
      <TableCell>
        <div className={admin.rowActions}>
          <IconLink to={href} label={`View application from ${row.name}`} icon={<OpenRegular />} />
          {list && onDelete && (
            <Tooltip content={`Delete application from ${row.name}`} relationship="label" withArrow>
              <Button
                appearance="subtle"
                disabledFocusable={Boolean(cvBusy)}
                icon={<DeleteRegular />}
                onClick={() => onDelete(row)}
              />
            </Tooltip>
          )}
        </div>
      </TableCell>
    </TableRow>
  );
});
