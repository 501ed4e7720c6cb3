import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  steps: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
    gap: tokens.spacingHorizontalS,
  },
  step: {
    ...typographyStyles.body1,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    paddingBlockStart: tokens.spacingVerticalS,
    borderTopWidth: '4px',
    borderTopStyle: 'solid',
    borderTopColor: tokens.colorNeutralStroke2,
    color: tokens.colorNeutralForeground2,
  },
  stepReached: {
    borderTopColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForeground1,
  },
  stepCurrent: { ...typographyStyles.body1Strong },
  stepLabel: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  stepIcon: { color: tokens.colorBrandForeground1, fontSize: '20px', display: 'inline-flex' },
});
