import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  stages: {
    display: 'grid',
    gap: tokens.spacingHorizontalS,
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 140px), 1fr))',
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  stage: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'space-between',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    minWidth: 0,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    overflowWrap: 'anywhere',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  current: {
    border: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke1}`,
    backgroundColor: tokens.colorBrandBackground2,
  },
  count: { ...typographyStyles.subtitle2 },
  summary: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
});
