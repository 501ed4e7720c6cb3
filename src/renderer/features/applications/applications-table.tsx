import { useCallback, useLayoutEffect, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import {
  Checkbox,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  mergeClasses,
} from '@fluentui/react-components';
import {
  defaultRangeExtractor,
  measureElement,
  useWindowVirtualizer,
  type Range,
} from '@tanstack/react-virtual';
import type { ApplicationSummary } from '../../../shared/applications/application-contract';
import type { ApplicationStage } from '../../../shared/applications/stage-contract';
import { useAdminStyles } from '../../layout/admin-page';
import { applicationPath } from './application-filters';
import type { CvAction } from './use-cv-actions';
import { ApplicationRow } from './application-row';
import { useOverdue } from '../../entities/use-overdue';
import { useStyles } from './applications-table.styles';

/** A row's height before it is measured (one line of text, a CV size and its buttons). */
const ROW_ESTIMATE_PX = 57;

/** Rows drawn beyond each edge of the window, so Tab and Shift+Tab find the next row already there. */
const OVERSCAN = 6;

/** The selection the list offers (none on the dashboard). */
export interface TableSelection {
  isSelected(id: string): boolean;
  toggle(id: string): void;
  /** The header box: every shown row selected, some, or none. */
  all: boolean | 'mixed';
  toggleAll(): void;
}

export interface ApplicationsTableProps {
  rows: readonly ApplicationSummary[];
  caption: string;
  /** 'list': numbered rows, selection, stage, CV size and delete (Applications list); 'dashboard': the Applications tab. */
  variant: 'list' | 'dashboard';
  busy: Readonly<Record<string, CvAction>>;
  onPreview: (row: ApplicationSummary) => void;
  onDownload: (row: ApplicationSummary) => void;
  onDelete?: (row: ApplicationSummary) => void;
  /** Where a row's name and view link lead: the detail screen, carrying the list's query. */
  detailHref?: (row: ApplicationSummary) => string;
  selection?: TableSelection;
  stageBusy?: Readonly<Record<string, true>>;
  onChangeStage?: (row: ApplicationSummary, stage: ApplicationStage) => void;
  /** The single row shown when there are no rows. */
  empty: ReactNode;
}

/**
 * The applications table of the dashboard tab and of the Applications list. Only the rows in and
 * near the window are drawn (a list can hold 10,000): the table stays a real table for screen
 * readers, which hear its full size from aria-rowcount and each row's place from aria-rowindex,
 * while spacer rows keep the page as tall as every row would make it. The row holding focus is
 * always drawn, so scrolling away never drops a keyboard user's place.
 */
export function ApplicationsTable({
  rows,
  caption,
  variant,
  busy,
  onPreview,
  onDownload,
  onDelete,
  detailHref,
  selection,
  stageBusy,
  onChangeStage,
  empty,
}: ApplicationsTableProps) {
  const admin = useAdminStyles();
  const styles = useStyles();
  const overdue = useOverdue();
  const list = variant === 'list';
  const columns = [
    ...(list && selection ? ['select'] : []),
    ...(list ? ['#'] : []),
    'Name',
    'Email',
    'Phone',
    'Job Applied',
    'Applied On',
    ...(list && onChangeStage ? ['Stage'] : []),
    'Resume',
    list ? 'Actions' : 'View',
  ];

  // Where the table's body starts on the page: the window scrolls, and the rows are placed from there.
  const body = useRef<HTMLTableSectionElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      const top = (body.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
      setScrollMargin((current) => (Math.abs(current - top) >= 1 ? top : current));
    };
    measure();
    // Whatever moves the table (a wrapped toolbar, a narrower window) changes the page's height too.
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  // The row holding focus stays drawn wherever the window is, with its neighbours, so Tab and
  // Shift+Tab from it reach the next and the previous row even after the window has moved away.
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const focusedIndex = focusedId === null ? -1 : rows.findIndex((row) => row._id === focusedId);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (focusedIndex < 0) return indexes;
      const kept = [focusedIndex - 1, focusedIndex, focusedIndex + 1].filter(
        (index) => index >= 0 && index < range.count && !indexes.includes(index),
      );
      return kept.length === 0 ? indexes : [...indexes, ...kept].sort((a, b) => a - b);
    },
    [focusedIndex],
  );

  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => ROW_ESTIMATE_PX,
    overscan: OVERSCAN,
    scrollMargin,
    getItemKey: (index) => rows[index]?._id ?? index,
    rangeExtractor,
    // The first render already knows the window, so the first rows paint at once.
    initialRect: { width: window.innerWidth, height: window.innerHeight },
    // A row that is not laid out (a hidden tab, a page without layout) keeps its estimate.
    measureElement: (element, entry, instance) => measureElement(element, entry, instance) || ROW_ESTIMATE_PX,
  });

  const onFocus = (event: FocusEvent<HTMLTableSectionElement>) => {
    const id = (event.target as Element).closest('tr[data-id]')?.getAttribute('data-id');
    if (id && id !== focusedId) setFocusedId(id);
  };
  const onBlur = (event: FocusEvent<HTMLTableSectionElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusedId(null);
  };

  const hrefOf = detailHref ?? ((row: ApplicationSummary) => applicationPath(row._id));
  const drawn: ReactNode[] = [];
  let drawnTo = 0;
  const spacer = (key: string, height: number) => (
    <tr key={key} aria-hidden="true">
      <td colSpan={columns.length} className={styles.spacer} style={{ height }} />
    </tr>
  );
  for (const item of virtualizer.getVirtualItems()) {
    const row = rows[item.index];
    if (!row) continue;
    const start = item.start - scrollMargin;
    if (start > drawnTo) drawn.push(spacer(`gap-${item.index}`, start - drawnTo));
    drawn.push(
      <ApplicationRow
        key={row._id}
        row={row}
        overdue={overdue.get(row._id)}
        index={item.index}
        list={list}
        selected={selection?.isSelected(row._id) ?? false}
        cvBusy={busy[row._id]}
        stageBusy={Boolean(stageBusy?.[row._id])}
        href={hrefOf(row)}
        measure={virtualizer.measureElement}
        onToggle={selection?.toggle}
        onPreview={onPreview}
        onDownload={onDownload}
        onDelete={onDelete}
        onChangeStage={onChangeStage}
      />,
    );
    drawnTo = item.end - scrollMargin;
  }
  const totalSize = virtualizer.getTotalSize();
  if (rows.length > 0 && totalSize > drawnTo) drawn.push(spacer('gap-end', totalSize - drawnTo));

  return (
    <div className={admin.tableScroll}>
      <Table className={admin.table} aria-label={caption} aria-rowcount={Math.max(rows.length, 1) + 1}>
        <TableHeader>
          <TableRow aria-rowindex={1}>
            {columns.map((column) => (
              <TableHeaderCell
                key={column}
                className={mergeClasses(admin.headerCell, column === 'select' && styles.select)}
                scope="col"
              >
                {column === 'select' && selection ? (
                  <Checkbox
                    checked={selection.all}
                    aria-label={`Select all ${rows.length} shown applications`}
                    onChange={selection.toggleAll}
                  />
                ) : column === '#' ? (
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
        <TableBody ref={body} onFocus={onFocus} onBlur={onBlur}>
          {rows.length === 0 ? (
            <TableRow aria-rowindex={2}>
              <TableCell colSpan={columns.length} className={admin.emptyCell}>
                {empty}
              </TableCell>
            </TableRow>
          ) : (
            drawn
          )}
        </TableBody>
      </Table>
    </div>
  );
}
