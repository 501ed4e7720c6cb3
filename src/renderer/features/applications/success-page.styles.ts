import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useSuccessPageStyles = makeStyles({
  page: {
    maxWidth: '720px',
    marginInline: 'auto',
    paddingInline: tokens.spacingHorizontalL,
    paddingBlock: 'clamp(32px, 8vw, 96px)',
    boxSizing: 'border-box',
    minHeight: '60vh',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
  },
  panel: {
    width: '100%',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    textAlign: 'center',
    gap: tokens.spacingVerticalL,
    padding: 'clamp(24px, 5vw, 48px)',
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow16,
  },
  title: { ...typographyStyles.title1, margin: 0, overflowWrap: 'anywhere' },
  text: {
    ...typographyStyles.body1,
    margin: 0,
    color: tokens.colorNeutralForeground2,
    maxWidth: '56ch',
    overflowWrap: 'anywhere',
  },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, justifyContent: 'center' },
});
