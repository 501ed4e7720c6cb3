import { siteConfig } from './site-config';

const { brandName } = siteConfig;

/**
 * The titles of the public pages the server draws, shared by the screens' own <title> and the
 * head the server writes, so a page hydrates with the title it arrived with.
 */
export const pageTitles = {
  about: `About Us | ${brandName} Careers`,
  contact: `Contact Us | ${brandName} Careers`,
  privacy: `Applicant Privacy Notice | ${brandName} Careers`,
  login: `Login | ${brandName} Careers`,
  register: `Register | ${brandName} Careers`,
  forgotPassword: `Reset your password | ${brandName} Careers`,
};
