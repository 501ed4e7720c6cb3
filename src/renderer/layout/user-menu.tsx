import { Avatar, Button, Tooltip } from '@fluentui/react-components';
import { SignOutRegular } from '@fluentui/react-icons/headless/svg/sign-out';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../store/hooks';
import { FluentScope } from '../components/fluent-scope';
import { signOut } from '../store/session-slice';

/** The signed-in part of the header: avatar with the display name as tooltip, and Log Out. */
export function UserMenu({ name, email }: { name: string; email: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return (
    <FluentScope>
      <Tooltip content={name} relationship="label" withArrow>
        <Avatar name={name} color="brand" tabIndex={0} role="img" data-email={email} />
      </Tooltip>
      <Button
        appearance="outline"
        icon={<SignOutRegular />}
        onClick={() => {
          void dispatch(signOut());
          void navigate('/');
        }}
      >
        Log Out
      </Button>
    </FluentScope>
  );
}
