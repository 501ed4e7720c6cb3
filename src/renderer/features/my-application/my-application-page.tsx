import { useParams } from 'react-router-dom';
import { MyApplicationScreen } from './my-application-screen';

/**
 * /my-application/:token: the applicant's own view of one application through the private link
 * e-mailed to them, where they can withdraw it or have it erased (docs/behaviour.md#the-applicants-page).
 * Kept out of search engines; a link that opens nothing says so kindly and points to the
 * lost-link form on the privacy page.
 */
export function MyApplicationPage() {
  const { token = '' } = useParams();
  // Another link starts afresh: nothing one application's visit changed carries over.
  return <MyApplicationScreen key={token} token={token} />;
}
