import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

const DRAWER_WIDTH = '264px';

export const useStyles = makeStyles({
  shell: {
    minHeight: '100vh',
    display: 'flex',
    backgroundColor: tokens.colorNeutralBackground2,
    color: tokens.colorNeutralForeground1,
  },
  sidebar: {
    width: DRAWER_WIDTH,
    flexShrink: 0,
    position: 'sticky',
    top: 0,
    height: '100vh',
    boxSizing: 'border-box',
    backgroundColor: tokens.colorBrandBackgroundPressed,
    color: tokens.colorNeutralForegroundOnBrand,
  },
  drawerSurface: {
    width: DRAWER_WIDTH,
    backgroundColor: tokens.colorBrandBackgroundPressed,
    color: tokens.colorNeutralForegroundOnBrand,
  },
  closeButton: { color: tokens.colorNeutralForegroundOnBrand },
  content: { flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' },
  topBar: {
    position: 'sticky',
    top: 0,
    zIndex: 10,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    minHeight: '56px',
    paddingInline: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorBrandBackgroundPressed,
    color: tokens.colorNeutralForegroundOnBrand,
    boxShadow: tokens.shadow4,
  },
  topTitle: { ...typographyStyles.subtitle2, margin: 0 },
  main: {
    flexGrow: 1,
    outline: 'none',
    width: '100%',
    maxWidth: '1280px',
    marginInline: 'auto',
    boxSizing: 'border-box',
    padding: 'clamp(16px, 3vw, 32px)',
  },
});
