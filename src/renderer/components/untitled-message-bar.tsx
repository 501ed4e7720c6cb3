import { MessageBar, type MessageBarProps } from '@fluentui/react-components';

/**
 * A message bar with no MessageBarTitle. Fluent's MessageBar names itself by its title's id
 * (`aria-labelledby`) whether or not a title is there, so a bar without one points screen readers at
 * an element that does not exist. This one is named by nothing: its text is read as it is, as for
 * any short message. A bar with a title uses Fluent's MessageBar, whose name is then that title.
 */
export function UntitledMessageBar(props: Omit<MessageBarProps, 'aria-labelledby'>) {
  return <MessageBar {...props} aria-labelledby={undefined} />;
}
