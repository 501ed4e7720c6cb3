import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { sitePageFrame } from './site-page-frame';

/** Layout shared by the About, Contact, 404 and error pages, so they line up with each other. */

export const useSitePageStyles = makeStyles({
  page: {
    ...sitePageFrame,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXXL,
  },
  grid: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 240px), 1fr))',
  },
  twoColumns: {
    display: 'grid',
    gap: tokens.spacingHorizontalXL,
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 320px), 1fr))',
    alignItems: 'start',
  },
  body: {
    ...typographyStyles.body1,
    color: tokens.colorNeutralForeground2,
    margin: 0,
    maxWidth: '72ch',
  },
  lead: {
    ...typographyStyles.subtitle2,
    fontWeight: tokens.fontWeightRegular,
    color: tokens.colorNeutralForeground1,
    margin: 0,
    maxWidth: '72ch',
  },
  panel: {
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow4,
    padding: tokens.spacingHorizontalXL,
  },
  iconBadge: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    width: '44px',
    height: '44px',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
    fontSize: '24px',
  },
  link: {
    color: tokens.colorBrandForegroundLink,
    textDecorationLine: 'underline',
    textUnderlineOffset: '2px',
    ':hover': { color: tokens.colorBrandForegroundLinkHover },
    ':focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '2px',
      borderRadius: tokens.borderRadiusSmall,
    },
  },
});
