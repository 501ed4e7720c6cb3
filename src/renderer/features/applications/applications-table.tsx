import type { ReactNode } from 'react';
import {
  Button,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Tooltip,
  makeStyles,
  tokens,
  typographyStyles,
  useRestoreFocusTarget,
} from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons/headless/svg/arrow-download';
import { DeleteRegular } from '@fluentui/react-icons/headless/svg/delete';
import { DocumentPdfRegular } from '@fluentui/react-icons/headless/svg/document-pdf';
import { EyeRegular } from '@fluentui/react-icons/headless/svg/eye';
import { OpenRegular } from '@fluentui/react-icons/headless/svg/open';
import type { ApplicationSummary } from '../../../shared/applications/application-contract';
import { useAdminStyles } from '../../layout/admin-page';
import { IconLink } from '../../components/icon-link';
import { applicantPhone, appliedJob, appliedOn, cvSizeText } from './application-fields';
import { hasResume } from './application-search';
import { usesOptimizedLoading } from './cv-bytes';
import type { CvAction } from './use-cv-actions';

const useStyles = makeStyles({
  number: { width: '48px', color: tokens.colorNeutralForeground3 },
  cv: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  size: {
    display: 'inline-flex',
    flexDirection: 'column',
    minWidth: '72px',
    ...typographyStyles.caption1,
    color: tokens.colorNeutralForeground2,
  },
  sizeLine: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXXS },
  optimized: { ...typographyStyles.caption2, color: tokens.colorBrandForeground2 },
  noCv: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3 },
  email: { wordBreak: 'break-word' },
  duplicate: {
    ...typographyStyles.caption1Strong,
    display: 'block',
    width: 'fit-content',
    marginTop: tokens.spacingVerticalXXS,
    paddingInline: tokens.spacingHorizontalXS,
    borderRadius: tokens.borderRadiusSmall,
    color: tokens.colorPaletteDarkOrangeForeground2,
    backgroundColor: tokens.colorPaletteDarkOrangeBackground1,
  },
});

export interface ApplicationsTableProps {
  rows: readonly ApplicationSummary[];
  caption: string;
  /** 'list': numbered rows, CV size and delete (Applications list); 'dashboard': the Applications tab. */
  variant: 'list' | 'dashboard';
  busy: Readonly<Record<string, CvAction>>;
  onPreview: (row: ApplicationSummary) => void;
  onDownload: (row: ApplicationSummary) => void;
  onDelete?: (row: ApplicationSummary) => void;
  /** The single row shown when there are no rows. */
  empty: ReactNode;
}

/** The applications table of the dashboard tab and of the Applications list. */
export function ApplicationsTable({
  rows,
  caption,
  variant,
  busy,
  onPreview,
  onDownload,
  onDelete,
  empty,
}: ApplicationsTableProps) {
  const admin = useAdminStyles();
  const styles = useStyles();
  // The preview dialog hands focus back to the button that opened it when it closes. Busy buttons
  // are disabledFocusable, not disabled: a disabled button drops a keyboard user's focus to the page.
  const restoreFocusHere = useRestoreFocusTarget();
  const list = variant === 'list';
  const columns = [
    ...(list ? ['#'] : []),
    'Name',
    'Email',
    'Phone',
    'Job Applied',
    'Applied On',
    'Resume',
    list ? 'Actions' : 'View',
  ];

  return (
    <div className={admin.tableScroll}>
      <Table className={admin.table} aria-label={caption}>
        <TableHeader>
          <TableRow>
            {columns.map((column) => (
              <TableHeaderCell key={column} className={admin.headerCell} scope="col">
                {column === '#' ? (
                  <>
                    <span aria-hidden="true">#</span>
                    <span className="visually-hidden">Number</span>
                  </>
                ) : (
                  column
                )}
              </TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columns.length} className={admin.emptyCell}>
                {empty}
              </TableCell>
            </TableRow>
          ) : (
            rows.map((row, index) => {
              const rowBusy = busy[row._id];
              return (
                <TableRow key={row._id} aria-busy={rowBusy ? true : undefined}>
                  {list && <TableCell className={styles.number}>{index + 1}</TableCell>}
                  <TableCell className={admin.strong}>
                    {row.name}
                    {row.duplicateOf && (
                      <span
                        className={styles.duplicate}
                        title="Same e-mail address, same job, within 30 days of an earlier application"
                      >
                        Duplicate
                      </span>
                    )}
                  </TableCell>
                  <TableCell className={styles.email}>{row.email}</TableCell>
                  <TableCell>{applicantPhone(row)}</TableCell>
                  <TableCell>{appliedJob(row)}</TableCell>
                  <TableCell>{appliedOn(row)}</TableCell>
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
                            disabledFocusable={Boolean(rowBusy)}
                            icon={rowBusy === 'preview' ? <Spinner size="extra-tiny" /> : <EyeRegular />}
                            onClick={() => onPreview(row)}
                          />
                        </Tooltip>
                        <Tooltip content={`Download CV of ${row.name}`} relationship="label" withArrow>
                          <Button
                            appearance="subtle"
                            disabledFocusable={Boolean(rowBusy)}
                            icon={
                              rowBusy === 'download' ? (
                                <Spinner size="extra-tiny" />
                              ) : (
                                <ArrowDownloadRegular />
                              )
                            }
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
                      <IconLink
                        to={`/dashboard/application/${encodeURIComponent(row._id)}`}
                        label={`View application from ${row.name}`}
                        icon={<OpenRegular />}
                      />
                      {list && onDelete && (
                        <Tooltip
                          content={`Delete application from ${row.name}`}
                          relationship="label"
                          withArrow
                        >
                          <Button
                            appearance="subtle"
                            disabledFocusable={Boolean(rowBusy)}
                            icon={<DeleteRegular />}
                            onClick={() => onDelete(row)}
                          />
                        </Tooltip>
                      )}
                    </div>
                  </TableCell>
                </TableRow>
              );
            })
          )}
        </TableBody>
      </Table>
    </div>
  );
}
