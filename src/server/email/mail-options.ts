import { siteConfig } from '../../shared/site/site-config';

/**
 * What every e-mail about an application is filled from: the stored application, never what a
 * client sent. Each template takes the fields it shows (`Pick<MailedApplication, ...>`).
 */
export interface MailedApplication {
  id: string;
  name: string;
  email: string;
  phone: string;
  jobTitle: string;
  about: string;
  createdAt: Date;
  cvSize: number;
}

/** Who the e-mails come from and where they point: built once where the server starts (start-server.ts). */
export interface MailOptions {
  careersMailbox: string;
  publicUrl: string;
  companyName: string;
  brandName: string;
}

export const mailOptions = (config: { careersMailbox: string; publicUrl: string }): MailOptions => ({
  careersMailbox: config.careersMailbox,
  publicUrl: config.publicUrl,
  companyName: siteConfig.legalName,
  brandName: siteConfig.brandName,
});
