import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  review: {
    display: 'flex',
    flexDirection: 'row',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
  },
  stage: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  stageLabel: { ...typographyStyles.body1Strong },
  position: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
  steps: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, marginInlineStart: 'auto' },
  hint: {
    ...typographyStyles.caption1,
    fontFamily: 'inherit',
    color: tokens.colorNeutralForeground2,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusSmall,
    paddingInline: tokens.spacingHorizontalXXS,
    marginInline: tokens.spacingHorizontalXS,
  },
});
