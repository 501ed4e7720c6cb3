import { Button } from '@fluentui/react-components';
import { BriefcaseRegular } from '@fluentui/react-icons/headless/svg/briefcase';
import { LinkButton } from '../../components/link-button';
import { screens } from '../../../shared/site/screen-routes';

/** Links home without the router when there is none (e.g. a crash above the router). */
export function HomeLink({ label, inRouter }: { label: string; inRouter: boolean }) {
  const icon = <BriefcaseRegular />;
  if (inRouter) {
    return (
      <LinkButton to={screens.home.path()} appearance="primary" size="large" icon={icon}>
        {label}
      </LinkButton>
    );
  }
  return (
    <Button as="a" href={screens.home.path()} appearance="primary" size="large" icon={icon}>
      {label}
    </Button>
  );
}
