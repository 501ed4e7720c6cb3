import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL },
  section: {
    display: 'grid',
    gap: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXL}`,
    gridTemplateColumns: '1fr',
    // A message under one field must not stretch the field beside it.
    alignItems: 'start',
    '@media (min-width: 720px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  },
  wide: { '@media (min-width: 720px)': { gridColumn: '1 / -1' } },
  hint: { display: 'block', color: tokens.colorNeutralForeground2 },
  // As Fluent writes a field's message, for the check boxes' group, which is not a Field.
  error: { ...typographyStyles.caption1, display: 'block', color: tokens.colorPaletteRedForeground1 },
  checks: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalM },
  /** The card's texts, set apart from the questions: they are the answers, worded. */
  cardTexts: {
    margin: 0,
    minWidth: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL} ${tokens.spacingVerticalL}`,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
    '@media (min-width: 720px)': { gridColumn: '1 / -1' },
  },
  legend: { ...typographyStyles.subtitle2, padding: `0 ${tokens.spacingHorizontalXS}` },
  cardTextGrid: {
    display: 'grid',
    gap: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXL}`,
    gridTemplateColumns: '1fr',
    alignItems: 'start',
    '@media (min-width: 720px)': { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
  cardText: { display: 'flex', flexDirection: 'column', minWidth: 0, gap: tokens.spacingVerticalXXS },
  reset: { alignSelf: 'flex-start' },
  footer: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'flex-end',
    gap: tokens.spacingHorizontalS,
    paddingTop: tokens.spacingVerticalL,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
});
