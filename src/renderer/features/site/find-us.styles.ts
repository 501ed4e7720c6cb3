import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  box: {
    position: 'relative',
    minHeight: '260px',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: tokens.spacingHorizontalXL,
    borderRadius: tokens.borderRadiusXLarge,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    overflow: 'hidden',
    backgroundColor: tokens.colorNeutralBackground3,
    // A street-grid pattern hints at a map without loading a third-party map or tracking visitors.
    backgroundImage: `linear-gradient(${tokens.colorNeutralStroke2} 2px, transparent 2px), linear-gradient(90deg, ${tokens.colorNeutralStroke2} 2px, transparent 2px), linear-gradient(35deg, transparent 48%, ${tokens.colorNeutralStroke1} 48%, ${tokens.colorNeutralStroke1} 52%, transparent 52%)`,
    backgroundSize: '64px 64px, 64px 64px, 100% 100%',
  },
  card: {
    position: 'relative',
    display: 'flex',
    gap: tokens.spacingHorizontalL,
    alignItems: 'flex-start',
    maxWidth: '420px',
    padding: tokens.spacingHorizontalXL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow16,
  },
  pin: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    width: '48px',
    height: '48px',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    fontSize: '28px',
  },
  name: {
    ...typographyStyles.subtitle2,
    color: tokens.colorNeutralForeground1,
    margin: 0,
  },
  address: {
    ...typographyStyles.body1,
    color: tokens.colorNeutralForeground2,
    marginBlockStart: tokens.spacingVerticalXS,
  },
});
