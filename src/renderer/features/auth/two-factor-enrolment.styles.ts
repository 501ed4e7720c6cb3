import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  steps: {
    margin: 0,
    paddingInlineStart: tokens.spacingHorizontalXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    ...typographyStyles.body1,
  },
  qr: {
    display: 'block',
    width: '200px',
    height: '200px',
    marginBlock: tokens.spacingVerticalS,
    backgroundColor: '#ffffff',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  secret: {
    ...typographyStyles.body1Strong,
    fontFamily: tokens.fontFamilyMonospace,
    letterSpacing: '0.08em',
    overflowWrap: 'anywhere',
  },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  code: { maxWidth: '14ch' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});
