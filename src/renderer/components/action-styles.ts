import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

/**
 * Button looks for native <button> and <a> elements on screens in the first download, where
 * Fluent's Button component would cost more than the page itself. Other screens use Fluent's Button.
 */
export const useActionStyles = makeStyles({
  base: {
    ...typographyStyles.body1Strong,
    fontFamily: 'inherit',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingHorizontalS,
    minHeight: '32px',
    paddingInline: tokens.spacingHorizontalL,
    paddingBlock: tokens.spacingVerticalXS,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid transparent`,
    boxSizing: 'border-box',
    cursor: 'pointer',
    textDecorationLine: 'none',
    transitionProperty: 'background-color, color, border-color',
    transitionDuration: tokens.durationFaster,
    ':focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '2px',
    },
    ':disabled': { cursor: 'not-allowed', opacity: 0.6 },
  },
  primary: {
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    ':hover': {
      backgroundColor: tokens.colorBrandBackgroundHover,
      color: tokens.colorNeutralForegroundOnBrand,
    },
    ':active': { backgroundColor: tokens.colorBrandBackgroundPressed },
  },
  secondary: {
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover, color: tokens.colorNeutralForeground1 },
  },
  subtle: {
    backgroundColor: 'transparent',
    color: tokens.colorNeutralForeground2,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover, color: tokens.colorBrandForeground1 },
  },
  link: {
    backgroundColor: 'transparent',
    color: tokens.colorBrandForegroundLink,
    paddingInline: tokens.spacingHorizontalS,
    ':hover': { backgroundColor: tokens.colorBrandBackground2, color: tokens.colorBrandForegroundLinkHover },
  },
  large: { minHeight: '40px', paddingInline: tokens.spacingHorizontalXL, ...typographyStyles.subtitle2 },
  icon: { minWidth: '32px', paddingInline: 0, fontSize: '20px' },
});
