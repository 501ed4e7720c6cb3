import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  page: {
    display: 'flex',
    justifyContent: 'center',
    paddingInline: tokens.spacingHorizontalL,
    paddingBlock: 'clamp(24px, 6vw, 72px)',
    backgroundImage: `radial-gradient(circle at 20% 0%, ${tokens.colorBrandBackground2} 0%, transparent 55%)`,
  },
  card: {
    width: '100%',
    maxWidth: '440px',
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: 'clamp(20px, 5vw, 40px)',
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow16,
  },
  icon: {
    alignSelf: 'center',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '56px',
    height: '56px',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
    fontSize: '28px',
  },
  title: { ...typographyStyles.title2, margin: 0, textAlign: 'center', outline: 'none' },
  subtitle: {
    ...typographyStyles.body1,
    margin: 0,
    textAlign: 'center',
    color: tokens.colorNeutralForeground2,
  },
});
