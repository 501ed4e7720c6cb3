import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  feedbackTitle: { ...typographyStyles.subtitle2, margin: `${tokens.spacingVerticalS} 0` },
  // The team's own words, kept as they wrote them, line breaks included.
  feedback: { whiteSpace: 'pre-wrap' },
});
