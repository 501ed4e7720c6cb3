import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

/** The looks the sign-up and the alert's pages share. */
export const useStyles = makeStyles({
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: 'clamp(16px, 3vw, 28px)',
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  heading: { ...typographyStyles.subtitle1, margin: 0 },
  text: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2, maxWidth: '72ch' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '480px' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  toggle: { alignSelf: 'flex-start' },
});

/** The sign-up's plain form, for a browser without JavaScript: native elements in the site's looks. */
export const usePlainFormStyles = makeStyles({
  summary: {
    ...typographyStyles.body1Strong,
    cursor: 'pointer',
    width: 'fit-content',
    ':focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '2px',
    },
  },
  form: { marginBlockStart: tokens.spacingVerticalM },
  field: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  label: { ...typographyStyles.body1Strong },
  input: {
    ...typographyStyles.body1,
    fontFamily: 'inherit',
    minHeight: '32px',
    width: '100%',
    boxSizing: 'border-box',
    paddingInline: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderBottomColor: tokens.colorNeutralStrokeAccessible,
    borderRadius: tokens.borderRadiusMedium,
  },
  fieldset: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    margin: 0,
    padding: 0,
    border: 'none',
  },
  choice: {
    ...typographyStyles.body1,
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'center',
  },
});
