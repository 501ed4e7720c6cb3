import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  stats: {
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 200px), 1fr))',
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  tabs: {
    display: 'flex',
    gap: tokens.spacingHorizontalXS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  tab: {
    ...typographyStyles.body1,
    fontFamily: 'inherit',
    position: 'relative',
    minHeight: '44px',
    paddingInline: tokens.spacingHorizontalM,
    border: 'none',
    borderRadius: `${tokens.borderRadiusMedium} ${tokens.borderRadiusMedium} 0 0`,
    backgroundColor: 'transparent',
    color: tokens.colorNeutralForeground2,
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover, color: tokens.colorNeutralForeground1 },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  tabSelected: {
    ...typographyStyles.body1Strong,
    color: tokens.colorNeutralForeground1,
    '::after': {
      content: '""',
      position: 'absolute',
      insetInline: tokens.spacingHorizontalM,
      bottom: '-1px',
      height: '3px',
      borderRadius: '2px',
      backgroundColor: tokens.colorBrandStroke1,
    },
  },
  tableTools: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalL,
    paddingBlock: tokens.spacingVerticalM,
  },
  filter: { width: 'min(260px, 100%)' },
  shown: { ...typographyStyles.body1Strong, margin: 0, color: tokens.colorNeutralForeground2 },
  panelFoot: { display: 'flex', justifyContent: 'flex-end' },
  applicants: {
    whiteSpace: 'nowrap',
    color: tokens.colorBrandForegroundLink,
    ':hover': { color: tokens.colorBrandForegroundLinkHover },
  },
});
