import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  legend: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
    ...typographyStyles.caption1,
    color: tokens.colorNeutralForeground2,
  },
  swatch: {
    display: 'inline-block',
    width: '10px',
    height: '10px',
    marginInlineEnd: tokens.spacingHorizontalXS,
    borderRadius: '2px',
  },
});
