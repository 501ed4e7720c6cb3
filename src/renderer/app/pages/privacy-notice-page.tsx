import { LostLinkForm } from '../../features/my-application/lost-link-form';
import { PrivacyPage } from '../../features/privacy/privacy-page';

/** /privacy: the full privacy notice, with the form that sends an applicant a fresh private link. */
export function PrivacyNoticePage() {
  return <PrivacyPage lostLinkForm={<LostLinkForm />} />;
}
