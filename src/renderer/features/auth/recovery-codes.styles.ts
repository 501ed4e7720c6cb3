import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  codes: {
    margin: 0,
    paddingInlineStart: tokens.spacingHorizontalXXL,
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(12ch, 1fr))',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalXL}`,
    ...typographyStyles.body1Strong,
    fontFamily: tokens.fontFamilyMonospace,
  },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  status: {
    ...typographyStyles.caption1,
    margin: 0,
    color: tokens.colorNeutralForeground2,
    minHeight: '1lh',
  },
});
