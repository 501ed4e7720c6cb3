import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  filters: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 180px), 1fr))',
    gap: tokens.spacingHorizontalM,
    alignItems: 'end',
  },
  range: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
  sectionHead: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
  sectionText: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
  // The chart and its table side by side where there is room, one above the other where not.
  pair: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 420px), 1fr))',
    gap: tokens.spacingHorizontalXL,
    alignItems: 'start',
  },
  // Stacked: a table too wide to sit beside its chart (the funnel's steps) goes under it.
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  charts: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  chartTitle: { ...typographyStyles.body1Strong, margin: 0 },
  chart: { minWidth: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  chartBox: { height: '300px', minWidth: 0, overflow: 'hidden' },
  legendText: { textTransform: 'none' },
  chartNote: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground2 },
  // Relative, so a visually hidden word in a cell scrolled out of view stays inside the box
  // instead of widening the page.
  tableScroll: { overflowX: 'auto', minWidth: 0, position: 'relative' },
  table: { borderCollapse: 'collapse', width: '100%' },
  caption: { ...typographyStyles.subtitle2, textAlign: 'start', paddingBlockEnd: tokens.spacingVerticalS },
  cell: {
    paddingBlock: tokens.spacingVerticalS,
    paddingInline: tokens.spacingHorizontalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    textAlign: 'end',
    whiteSpace: 'nowrap',
  },
  rowHead: {
    textAlign: 'start',
    fontWeight: tokens.fontWeightRegular,
    whiteSpace: 'normal',
    minWidth: '10ch',
  },
  // A funnel cell's second line, the conversion, wraps within its column.
  conversion: {
    ...typographyStyles.caption1,
    display: 'block',
    whiteSpace: 'normal',
    minWidth: '9ch',
    color: tokens.colorNeutralForeground2,
  },
  colHead: { ...typographyStyles.body1Strong, color: tokens.colorNeutralForeground2, whiteSpace: 'normal' },
  withheld: { color: tokens.colorNeutralForeground3, fontStyle: 'italic' },
  visuallyHidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clipPath: 'inset(50%)',
    whiteSpace: 'nowrap',
  },
});
