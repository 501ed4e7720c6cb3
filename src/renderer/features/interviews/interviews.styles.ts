import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

/** The interview and scorecard cards of an application screen, and their forms. */
export const useStyles = makeStyles({
  // Places are often video links, one long word each: they break rather than leave the card.
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, overflowWrap: 'anywhere' },
  formTitle: { ...typographyStyles.subtitle2, margin: 0 },
  fieldset: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    margin: 0,
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    minWidth: 0,
  },
  legend: { ...typographyStyles.body1Strong, padding: `0 ${tokens.spacingHorizontalXS}` },
  slotFields: {
    display: 'grid',
    gap: tokens.spacingHorizontalM,
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 140px), 1fr))',
  },
  note: {
    ...typographyStyles.body1,
    margin: 0,
    color: tokens.colorNeutralForeground2,
    overflowWrap: 'anywhere',
  },
  closed: { ...typographyStyles.body1Strong, margin: 0 },
  refusal: { ...typographyStyles.body1, margin: 0, color: tokens.colorPaletteRedForeground1 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
  tableWrap: { overflowX: 'auto' },
  table: { borderCollapse: 'collapse', width: '100%' },
  cell: {
    ...typographyStyles.body1,
    textAlign: 'left',
    verticalAlign: 'top',
    padding: tokens.spacingHorizontalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  // A rating's choices wrap as whole choices inside the card, each label as whole words, however
  // narrow the column (a card at 1280 px is a third of the page).
  ratings: {
    display: 'flex',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalS,
    rowGap: tokens.spacingVerticalXXS,
    maxWidth: '100%',
  },
  choice: { maxWidth: '100%', minWidth: 0 },
  choiceLabel: { overflowWrap: 'normal', wordBreak: 'normal', minWidth: 0 },
});
