import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
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
