import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

/** The looks the sign-up and the alert's pages share. */
export const useStyles = makeStyles({
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: 'clamp(16px, 3vw, 28px)',
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  heading: { ...typographyStyles.subtitle1, margin: 0 },
  text: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2, maxWidth: '72ch' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '480px' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  toggle: { alignSelf: 'flex-start' },
});
