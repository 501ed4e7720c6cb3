import { Button } from '@fluentui/react-components';
import { BriefcaseRegular } from '@fluentui/react-icons/headless/svg/briefcase';
import { LinkButton } from '../../components/link-button';

/** Links home without the router when there is none (e.g. a crash above the router). */
export function HomeLink({ label, inRouter }: { label: string; inRouter: boolean }) {
  const icon = <BriefcaseRegular />;
  if (inRouter) {
    return (
      <LinkButton to="/" appearance="primary" size="large" icon={icon}>
        {label}
      </LinkButton>
    );
  }
  return (
    <Button as="a" href="/" appearance="primary" size="large" icon={icon}>
      {label}
    </Button>
  );
}
