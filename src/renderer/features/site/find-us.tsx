import { LocationRegular } from '@fluentui/react-icons/headless/svg/location';
import { siteConfig } from '../../../shared/site/site-config';
import { PostalAddress } from '../../components/postal-address';
import { SiteSection } from '../../components/site-section';
import { useStyles } from './find-us.styles';

/** 'Find Us': the head office address in a map-like box, with no external map or tracking. */
export function FindUs() {
  const styles = useStyles();
  return (
    <SiteSection id="find-us" title="Find Us" icon={<LocationRegular />}>
      <div className={styles.box}>
        <div className={styles.card}>
          <span className={styles.pin} aria-hidden="true">
            <LocationRegular />
          </span>
          <div>
            <p className={styles.name}>{siteConfig.legalName}</p>
            <PostalAddress className={styles.address} />
          </div>
        </div>
      </div>
    </SiteSection>
  );
}
