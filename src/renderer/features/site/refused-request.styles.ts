import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  root: {
    maxWidth: '640px',
    marginInline: 'auto',
    paddingInline: tokens.spacingHorizontalL,
    paddingBlock: '64px',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    textAlign: 'center',
    alignItems: 'center',
  },
  title: { ...typographyStyles.title2, margin: 0 },
  text: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
});
