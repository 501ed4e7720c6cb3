import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  identity: {
    borderInlineStartWidth: '4px',
    borderInlineStartStyle: 'solid',
    borderInlineStartColor: tokens.colorBrandStroke1,
  },
  checklist: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gap: tokens.spacingVerticalM,
  },
  checkItem: {
    ...typographyStyles.body1Strong,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    color: tokens.colorNeutralForeground1,
  },
  checkIcon: {
    color: tokens.colorPaletteGreenForeground1,
    fontSize: '24px',
    flexShrink: 0,
  },
  stats: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gap: tokens.spacingHorizontalM,
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 140px), 1fr))',
  },
  stat: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorNeutralForeground1,
  },
  statValue: {
    ...typographyStyles.title2,
    color: tokens.colorBrandForeground2,
  },
  statLabel: {
    ...typographyStyles.body1Strong,
  },
  cta: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalXL,
    backgroundColor: tokens.colorBrandBackground2,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorBrandStroke2}`,
  },
  ctaText: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    flex: '1 1 320px',
  },
  ctaHeading: {
    ...typographyStyles.title2,
    color: tokens.colorNeutralForeground1,
    margin: 0,
  },
  ctaActions: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
  },
  notice: {
    display: 'flex',
    gap: tokens.spacingHorizontalL,
    alignItems: 'flex-start',
    backgroundColor: tokens.colorPaletteYellowBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorPaletteYellowBorder1}`,
    boxShadow: 'none',
  },
  noticeIcon: {
    fontSize: '28px',
    flexShrink: 0,
    color: tokens.colorNeutralForeground1,
  },
  noticeList: {
    margin: 0,
    paddingInlineStart: tokens.spacingHorizontalXL,
    display: 'grid',
    gap: tokens.spacingVerticalS,
    ...typographyStyles.body1,
    color: tokens.colorNeutralForeground1,
  },
});
