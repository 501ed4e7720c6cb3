import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  badge: {
    ...typographyStyles.caption1Strong,
    marginInlineStart: 'auto',
    minWidth: '20px',
    paddingInline: tokens.spacingHorizontalXS,
    borderRadius: tokens.borderRadiusCircular,
    textAlign: 'center',
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorBrandForeground1,
  },
});
