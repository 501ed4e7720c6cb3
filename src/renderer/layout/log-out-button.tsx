import { Button, type ButtonProps } from '@fluentui/react-components';
import { SignOutRegular } from '@fluentui/react-icons/headless/svg/sign-out';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../store/hooks';
import { signOut } from '../store/session-slice';
import { screens } from '../../shared/site/screen-routes';

/** Log Out, wherever it is offered: the session ends and the visitor lands on the careers home page. */
export function LogOutButton({ className, appearance }: Pick<ButtonProps, 'className' | 'appearance'>) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return (
    <Button
      className={className}
      appearance={appearance}
      icon={<SignOutRegular />}
      onClick={() => {
        void dispatch(signOut());
        void navigate(screens.home.path());
      }}
    >
      Log Out
    </Button>
  );
}
