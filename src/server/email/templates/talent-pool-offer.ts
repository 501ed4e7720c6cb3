import type { QueuedEmail } from '../email-outbox';
import { PRIVATE_LINK_PLACEHOLDER } from '../private-link';

/**
 * The talent pool's offer, added after a rejection's own text (docs/behaviour.md#the-talent-pool):
 * a link to the applicant's private page, where they may tick to be kept for future roles. Nothing
 * is kept unless they do. The link is minted as the message goes, as every private link is.
 */
export const talentPoolOfferText = [
  'Keep my details for future roles for 12 months',
  'If you would like us to keep your details and invite you to apply for future roles, open your private page and tick the box there. We keep nothing for this unless you do:',
  PRIVATE_LINK_PLACEHOLDER,
].join('\n');

export const withTalentPoolOffer = <Email extends QueuedEmail & { applicationId: string }>(
  email: Email,
): Email => ({
  ...email,
  text: `${email.text}\n\n${talentPoolOfferText}`,
  privateLink: true,
});
