import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
  },
  tinted: {
    backgroundColor: tokens.colorNeutralBackground2,
    borderRadius: tokens.borderRadiusXLarge,
    padding: 'clamp(20px, 4vw, 40px)',
  },
  heading: {
    ...typographyStyles.title2,
    color: tokens.colorNeutralForeground1,
    margin: 0,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
  },
  headingIcon: {
    color: tokens.colorBrandForeground1,
    fontSize: '28px',
    display: 'inline-flex',
  },
  intro: {
    ...typographyStyles.body1,
    color: tokens.colorNeutralForeground2,
    margin: 0,
    maxWidth: '72ch',
  },
});
