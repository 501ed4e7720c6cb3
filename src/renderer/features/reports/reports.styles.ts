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
  chart: { minWidth: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  chartBox: { height: '300px', minWidth: 0, overflow: 'hidden' },
  chartNote: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground2 },
  tableScroll: { overflowX: 'auto', minWidth: 0 },
  table: { borderCollapse: 'collapse', width: '100%' },
  caption: { ...typographyStyles.subtitle2, textAlign: 'start', paddingBlockEnd: tokens.spacingVerticalS },
  cell: {
    paddingBlock: tokens.spacingVerticalS,
    paddingInline: tokens.spacingHorizontalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    textAlign: 'end',
    whiteSpace: 'nowrap',
  },
  rowHead: { textAlign: 'start', fontWeight: tokens.fontWeightRegular, whiteSpace: 'normal' },
  colHead: { ...typographyStyles.body1Strong, color: tokens.colorNeutralForeground2 },
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
