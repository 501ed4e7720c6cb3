import { Fragment, type ReactNode } from 'react';
import { Link, makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { siteConfig } from '../../../shared/site/site-config';
import { PostalAddress } from '../../components/postal-address';

const useStyles = makeStyles({
  list: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, max-content) minmax(0, 1fr)',
    columnGap: tokens.spacingHorizontalXL,
    rowGap: tokens.spacingVerticalM,
    margin: 0,
    '@media (max-width: 480px)': { gridTemplateColumns: 'minmax(0, 1fr)', rowGap: tokens.spacingVerticalXS },
  },
  term: {
    ...typographyStyles.body1Strong,
    color: tokens.colorNeutralForeground1,
  },
  definition: {
    ...typographyStyles.body1,
    color: tokens.colorNeutralForeground2,
    margin: 0,
    overflowWrap: 'anywhere',
    '@media (max-width: 480px)': { marginBlockEnd: tokens.spacingVerticalS },
  },
});

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
          {siteConfig.generalEmail}
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
