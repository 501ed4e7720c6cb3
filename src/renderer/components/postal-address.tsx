import { mergeClasses } from '@fluentui/react-components';
import { siteConfig } from '../../shared/site/site-config';
import { useStyles } from './postal-address.styles';

export interface PostalAddressProps {
  /** Shows the company's legal name as the first line, as on an envelope. */
  withName?: boolean;
  className?: string;
}

/** The head office address, one line per part, marked up as contact information. */
export function PostalAddress({ withName, className }: PostalAddressProps) {
  const styles = useStyles();
  const { street, locality, region, postalCode, country } = siteConfig.address;
  const lines = [withName ? siteConfig.legalName : null, street, locality, region, postalCode, country];
  return (
    <address className={mergeClasses(styles.address, className)}>
      {lines
        .filter((line) => line !== null)
        .map((line) => (
          <span key={line} className={styles.line}>
            {line}
          </span>
        ))}
    </address>
  );
}
