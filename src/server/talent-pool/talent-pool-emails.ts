import type { MailOptions } from '../email/mail-options';
import type { QueuedEmail } from '../email/email-outbox';
import { mintedLinkPlaceholder } from '../email/private-link';
import { POOL_DOMAIN } from './talent-pool-links';
import type { PoolRow } from './talent-pool-repository';

/*
 * The talent pool's e-mails (docs/behaviour.md#the-talent-pool). Each greets without the name
 * typed (anyone can type any address: docs/security.md#e-mail-to-addresses-anyone-can-type) and
 * carries the member's private link, minted as it is sent (email/private-link.ts).
 */

const link = (member: PoolRow) => mintedLinkPlaceholder(POOL_DOMAIN, member.id);

const message = (member: PoolRow, options: MailOptions, subject: string, lines: string[]): QueuedEmail => ({
  to: member.email,
  replyTo: options.careersMailbox,
  subject,
  text: ['Hello,', '', ...lines, '', `${options.companyName} Careers`].join('\n'),
  privateLink: true,
  mintedLinks: true,
});

/** Double opt-in: nothing is kept beyond a week unless the link is opened and the joining confirmed. */
export const confirmJoinEmail = (member: PoolRow, options: MailOptions): QueuedEmail =>
  message(member, options, `Please confirm: join the ${options.brandName} talent pool`, [
    `Someone, we hope you, asked to join the ${options.brandName} talent pool with this address, so that we can invite you to apply for future roles.`,
    'To confirm, open this link and press "Confirm":',
    link(member),
    '',
    'If it was not you, ignore this e-mail: the request and anything sent with it are deleted after 7 days.',
  ]);

/** A join request for an address already in the pool: its page again, nothing changed. */
export const alreadyMemberEmail = (member: PoolRow, options: MailOptions): QueuedEmail =>
  message(member, options, `Your place in the ${options.brandName} talent pool`, [
    'Someone asked to join our talent pool with this address, which is in it already. Nothing was changed.',
    'Your page, where you can see what we hold and leave at any time:',
    link(member),
  ]);

/** Kept from the applicant's page: their pool page, from which they can leave. */
export const keptEmail = (member: PoolRow, options: MailOptions): QueuedEmail =>
  message(member, options, `You are in the ${options.brandName} talent pool`, [
    'Thank you: we will keep your details for 12 months and may invite you to apply for future roles.',
    'Your page, where you can see what we hold and leave at any time:',
    link(member),
  ]);

/** Day 335 of 365: asked once. */
export const renewalEmail = (member: PoolRow, options: MailOptions): QueuedEmail =>
  message(member, options, `Stay in the ${options.brandName} talent pool?`, [
    'You joined our talent pool almost 12 months ago. In 30 days we will erase your details unless you ask us to keep them for another 12 months.',
    'To stay, open your page and press "Keep me for another 12 months":',
    link(member),
    '',
    'If you do nothing, everything we hold for the pool is erased then.',
  ]);

/** An administrator's invitation to apply for an open job: a link to the job, never an application made for them. */
export const inviteEmail = (
  member: PoolRow,
  job: { title: string; url: string },
  options: MailOptions,
): QueuedEmail =>
  message(member, options, `An opening at ${options.brandName}: ${job.title.replace(/[\r\n]+/g, ' ')}`, [
    `You are in our talent pool, and we think you may be interested in a role we are hiring for: ${job.title}.`,
    `If you would like to apply, you can read about it and apply here: ${job.url}`,
    '',
    'You are under no obligation. To see what we hold or leave the pool, use your page:',
    link(member),
  ]);
