import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { TOAST_MAX_WIDTH_PX } from '../../shared/limits';

export const useStyles = makeStyles({
  toast: {
    ...typographyStyles.body1,
    boxSizing: 'border-box',
    display: 'flex',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalM,
    width: `min(${TOAST_MAX_WIDTH_PX}px, calc(100vw - 32px))`,
    maxWidth: `${TOAST_MAX_WIDTH_PX}px`,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalS} ${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderInlineStartWidth: '4px',
    boxShadow: tokens.shadow16,
    pointerEvents: 'all',
  },
  success: { borderInlineStartColor: tokens.colorPaletteGreenBorderActive },
  error: { borderInlineStartColor: tokens.colorPaletteRedBorderActive },
  warning: { borderInlineStartColor: tokens.colorPaletteDarkOrangeBorderActive },
  info: { borderInlineStartColor: tokens.colorBrandStroke1 },
  neutral: { borderInlineStartColor: tokens.colorNeutralStroke1 },
  message: {
    flexGrow: 1,
    minWidth: 0,
    alignSelf: 'center',
    overflowWrap: 'anywhere',
  },
  dismiss: { flexShrink: 0, marginBlock: '-4px' },
});
