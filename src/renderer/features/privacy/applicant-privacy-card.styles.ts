import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  facts: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, margin: 0 },
  label: { ...typographyStyles.caption1Strong, color: tokens.colorNeutralForeground2 },
  value: { ...typographyStyles.body1, margin: 0 },
  buttons: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  hint: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground2 },
});
