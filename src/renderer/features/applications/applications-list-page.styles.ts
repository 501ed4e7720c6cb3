import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  toolbar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    justifyContent: 'space-between',
    gap: tokens.spacingVerticalM,
  },
  filters: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  search: { width: 'min(420px, 100%)' },
  searchBox: { width: '100%', maxWidth: 'none' },
  select: { width: 'min(260px, 100%)' },
  // On a line of its own, so its length never reflows the filters or moves the table.
  total: { ...typographyStyles.body1Strong, margin: 0, color: tokens.colorNeutralForeground2 },
});
