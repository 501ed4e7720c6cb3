import { mergeClasses, Spinner } from '@fluentui/react-components';
import { CheckmarkCircleFilled } from '@fluentui/react-icons/headless/svg/checkmark-circle';
import { ErrorCircleFilled } from '@fluentui/react-icons/headless/svg/error-circle';
import { InfoFilled } from '@fluentui/react-icons/headless/svg/info';
import { WarningFilled } from '@fluentui/react-icons/headless/svg/warning';
import type { CustomContentProps } from 'notistack';
import { useStyles } from './toast-icon.styles';
import { useIconFrameStyles } from './toast-icon-frame.styles';

export type ToastVariant = CustomContentProps['variant'];

export function ToastIcon({ variant }: { variant: ToastVariant }) {
  const styles = useStyles();
  const shared = useIconFrameStyles();
  switch (variant) {
    case 'success':
      return <CheckmarkCircleFilled className={mergeClasses(shared.icon, styles.iconSuccess)} />;
    case 'error':
      return <ErrorCircleFilled className={mergeClasses(shared.icon, styles.iconError)} />;
    case 'warning':
      return <WarningFilled className={mergeClasses(shared.icon, styles.iconWarning)} />;
    case 'info':
      return <InfoFilled className={mergeClasses(shared.icon, styles.iconInfo)} />;
    case 'loading':
      return <Spinner size="extra-tiny" />;
    default:
      return null;
  }
}
