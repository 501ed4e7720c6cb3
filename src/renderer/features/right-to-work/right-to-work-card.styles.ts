import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  facts: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, margin: 0 },
  label: { ...typographyStyles.caption1Strong, color: tokens.colorNeutralForeground2 },
  value: { ...typographyStyles.body1, margin: 0 },
  dates: {
    display: 'grid',
    gap: tokens.spacingHorizontalM,
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 180px), 1fr))',
  },
  hint: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground2 },
  refusal: { ...typographyStyles.body1, margin: 0, color: tokens.colorPaletteRedForeground1 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  preview: {
    maxWidth: '100%',
    maxHeight: '480px',
    objectFit: 'contain',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
});
