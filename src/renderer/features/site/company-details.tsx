import { Fragment, type ReactNode } from 'react';
import { Link } from '@fluentui/react-components';
import { siteConfig } from '../../../shared/site/site-config';
import { EmailAddress } from '../../components/email-address';
import { PostalAddress } from '../../components/postal-address';
import { useStyles } from './company-details.styles';

export interface CompanyDetailsProps {
  /** Adds the address, phone and e-mail rows (the About page shows them with the legal details). */
  withContact?: boolean;
}

/** Legal and regulatory details as a description list, so each value is read with its label. */
export function CompanyDetails({ withContact }: CompanyDetailsProps) {
  const styles = useStyles();
  const rows: Array<[string, ReactNode]> = [
    ['Company name', siteConfig.legalName],
    ['Legal status', siteConfig.legalForm],
    ['Company number', siteConfig.companyNumber],
    [`${siteConfig.regulator.shortName} registration number`, siteConfig.icoRegistrationNumber],
  ];
  if (withContact) {
    rows.push(
      ['Contact address', <PostalAddress key="address" />],
      [
        'Phone',
        <Link key="phone" href={siteConfig.phoneHref}>
          {siteConfig.phone}
        </Link>,
      ],
      [
        'Email',
        <Link key="email" href={`mailto:${siteConfig.generalEmail}`}>
          <EmailAddress address={siteConfig.generalEmail} />
        </Link>,
      ],
    );
  }
  return (
    <dl className={styles.list}>
      {rows.map(([term, value]) => (
        <Fragment key={term}>
          <dt className={styles.term}>{term}</dt>
          <dd className={styles.definition}>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
