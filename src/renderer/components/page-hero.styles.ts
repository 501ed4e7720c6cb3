import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  hero: {
    position: 'relative',
    overflow: 'hidden',
    borderRadius: tokens.borderRadiusXLarge,
    paddingInline: 'clamp(20px, 5vw, 56px)',
    paddingBlock: 'clamp(32px, 6vw, 64px)',
    color: tokens.colorNeutralForegroundOnBrand,
    backgroundColor: tokens.colorBrandBackground,
    backgroundImage: `linear-gradient(135deg, ${tokens.colorBrandBackground} 0%, ${tokens.colorBrandBackgroundPressed} 100%)`,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  // Soft circles give the banner depth without an image download.
  decoration: {
    position: 'absolute',
    insetInlineEnd: '-80px',
    insetBlockStart: '-80px',
    width: '320px',
    height: '320px',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: 'rgba(255, 255, 255, 0.08)',
    boxShadow: '0 0 0 48px rgba(255, 255, 255, 0.05), 0 0 0 96px rgba(255, 255, 255, 0.03)',
    pointerEvents: 'none',
  },
  eyebrow: {
    ...typographyStyles.caption1Strong,
    textTransform: 'uppercase',
    letterSpacing: '0.08em',
    margin: 0,
  },
  title: {
    ...typographyStyles.title1,
    fontSize: 'clamp(28px, 4vw, 40px)',
    lineHeight: 1.2,
    margin: 0,
    position: 'relative',
  },
  lead: {
    ...typographyStyles.subtitle2,
    fontWeight: tokens.fontWeightRegular,
    margin: 0,
    maxWidth: '60ch',
    position: 'relative',
  },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    marginBlockStart: tokens.spacingVerticalS,
    position: 'relative',
  },
});
