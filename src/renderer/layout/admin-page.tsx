import type { ReactNode } from 'react';
import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

/** The look every admin screen shares: a header row, then white cards on the grey page. */
export const useAdminStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL },
  header: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    justifyContent: 'space-between',
    gap: tokens.spacingVerticalM,
  },
  headerText: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0 },
  title: { ...typographyStyles.title2, margin: 0, overflowWrap: 'anywhere' },
  subtitle: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  card: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    boxShadow: tokens.shadow2,
    padding: 'clamp(16px, 2.5vw, 24px)',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    minWidth: 0,
  },
  cardTitle: { ...typographyStyles.subtitle1, margin: 0 },
  // Tables scroll sideways inside their card on narrow screens instead of widening the page.
  tableScroll: { overflowX: 'auto', marginInline: `calc(-1 * ${tokens.spacingHorizontalS})` },
  // Fluent's tables are fixed-layout (equal columns); content-sized columns read better here.
  table: { minWidth: '720px', tableLayout: 'auto' },
  headerCell: { ...typographyStyles.body1Strong, color: tokens.colorNeutralForeground2 },
  rowActions: { display: 'flex', gap: tokens.spacingHorizontalXXS, alignItems: 'center' },
  muted: { color: tokens.colorNeutralForeground3 },
  strong: { ...typographyStyles.body1Strong },
  emptyCell: { textAlign: 'center', paddingBlock: tokens.spacingVerticalXXL },
  empty: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    textAlign: 'center',
    gap: tokens.spacingVerticalS,
    padding: 'clamp(24px, 5vw, 48px)',
  },
  emptyIcon: { fontSize: '40px', color: tokens.colorBrandForeground1, display: 'inline-flex' },
  emptyTitle: { ...typographyStyles.subtitle1, margin: 0 },
  emptyText: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
});

/** The h1 of an admin screen (one per page), its subtitle and the screen's main actions. */
export function AdminPageHeader({
  title,
  subtitle,
  actions,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  const styles = useAdminStyles();
  return (
    <header className={styles.header}>
      <div className={styles.headerText}>
        <h1 className={styles.title}>{title}</h1>
        {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
      </div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </header>
  );
}
