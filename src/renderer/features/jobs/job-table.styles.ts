import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  closing: { ...typographyStyles.caption1, display: 'block', color: tokens.colorNeutralForeground2 },
  payNote: { ...typographyStyles.caption1, display: 'block', color: tokens.colorNeutralForeground2 },
  closed: { ...typographyStyles.caption1Strong, display: 'block', color: tokens.colorPaletteRedForeground1 },
});
