import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: 'clamp(20px, 4vw, 40px)',
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground2,
    outline: 'none',
  },
  heading: {
    ...typographyStyles.title2,
    margin: 0,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
  },
  icon: { color: tokens.colorBrandForeground1, fontSize: '28px', display: 'inline-flex' },
  intro: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2, maxWidth: '72ch' },
  form: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalM,
  },
  field: { flexGrow: 1, flexBasis: '280px', maxWidth: '480px' },
  noScript: { ...typographyStyles.body1Strong, margin: 0, color: tokens.colorPaletteRedForeground1 },
});
