import type { QueuedEmail } from '../email-outbox';
import { mintedLinkPlaceholder } from '../private-link';

/**
 * The talent pool's offer, added after a rejection's own text (docs/behaviour.md#the-talent-pool):
 * a private link of its own (minted as the message goes, by the talent pool's filler) to a page
 * where the applicant may tick to be kept for future roles. Nothing is kept unless they do, and
 * the applicant's link to their application stays as it was.
 */
export const talentPoolOfferText = (applicationId: string): string =>
  [
    'Keep my details for future roles for 12 months',
    'If you would like us to keep your details and invite you to apply for future roles, open this link and tick the box there. We keep nothing for this unless you do:',
    mintedLinkPlaceholder('talent-pool-offer', applicationId),
  ].join('\n');

export const withTalentPoolOffer = <Email extends QueuedEmail & { applicationId: string }>(
  email: Email,
): Email => ({
  ...email,
  text: `${email.text}\n\n${talentPoolOfferText(email.applicationId)}`,
  privateLink: true,
  mintedLinks: true,
});
