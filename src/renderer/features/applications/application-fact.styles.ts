import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  fact: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  factLabel: { ...typographyStyles.caption1Strong, color: tokens.colorNeutralForeground2 },
  factValue: { ...typographyStyles.body1, margin: 0, overflowWrap: 'anywhere' },
});
