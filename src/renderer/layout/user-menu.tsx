import { Avatar, Tooltip } from '@fluentui/react-components';
import { FluentScope } from '../components/fluent-scope';
import { LogOutButton } from './log-out-button';

/** The signed-in part of the header: avatar with the display name as tooltip, and Log Out. */
export function UserMenu({ name, email }: { name: string; email: string }) {
  return (
    <FluentScope>
      <Tooltip content={name} relationship="label" withArrow>
        <Avatar name={name} color="brand" tabIndex={0} role="img" data-email={email} />
      </Tooltip>
      <LogOutButton appearance="outline" />
    </FluentScope>
  );
}
