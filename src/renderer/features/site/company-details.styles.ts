import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  list: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, max-content) minmax(0, 1fr)',
    columnGap: tokens.spacingHorizontalXL,
    rowGap: tokens.spacingVerticalM,
    margin: 0,
    '@media (max-width: 480px)': { gridTemplateColumns: 'minmax(0, 1fr)', rowGap: tokens.spacingVerticalXS },
  },
  term: {
    ...typographyStyles.body1Strong,
    color: tokens.colorNeutralForeground1,
  },
  definition: {
    ...typographyStyles.body1,
    color: tokens.colorNeutralForeground2,
    margin: 0,
    overflowWrap: 'anywhere',
    '@media (max-width: 480px)': { marginBlockEnd: tokens.spacingVerticalS },
  },
});
