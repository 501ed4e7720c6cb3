import { Button } from '@fluentui/react-components';
import { MailArrowUpRegular } from '@fluentui/react-icons/headless/svg/mail-arrow-up';
import { formatShortDate, formatShortDateTime } from '../../../shared/format/date';
import { messages } from '../../../shared/messages';
import type { TeamMember } from '../../../shared/team/team-contract';
import { errorMessage, isHandledRefusal } from '../../store/api-error';
import { useToast } from '../../feedback/use-toast';
import { useInviteTeamMemberMutation } from './team-api';
import { useStyles } from './team-members.styles';

/** What the status says, and what it is drawn as. */
const statusText = (member: TeamMember): string => {
  switch (member.invitation) {
    case 'accepted':
      return `Accepted ${formatShortDateTime(member.acceptedAt ?? member.invitedAt)}`;
    case 'expired':
      return `Invitation expired ${formatShortDate(member.invitationExpiresAt)} (invited ${formatShortDate(member.invitedAt)})`;
    case 'invited':
      return `Invited ${formatShortDate(member.invitedAt)}`;
  }
};

/**
 * Where a member's invitation stands: invited (the link still works), expired (its lifetime
 * passed unused) or accepted, with when. An invitation not yet accepted can be sent again: the
 * same call as inviting, so its daily limits and the retiring of the earlier link apply, and a
 * refusal is shown in the server's words.
 */
export function TeamMemberInvitation({ member }: { member: TeamMember }) {
  const styles = useStyles();
  const toast = useToast();
  const [invite, { isLoading }] = useInviteTeamMemberMutation();

  const resend = async () => {
    try {
      const answer = await invite({ name: member.name, email: member.email, role: member.role }).unwrap();
      if (answer.emailed) toast.success(messages.teamInvited(member.email));
      else toast.error(`The invitation e-mail to ${member.email} could not be sent. Please invite again.`);
    } catch (cause) {
      if (!isHandledRefusal(cause)) toast.error(errorMessage(cause, 'The invitation could not be sent.'));
    }
  };

  return (
    <div className={styles.invitation}>
      <p className={styles.status} data-status={member.invitation}>
        {statusText(member)}
      </p>
      {member.invitation !== 'accepted' && (
        <Button
          size="small"
          icon={<MailArrowUpRegular />}
          disabledFocusable={isLoading}
          onClick={() => void resend()}
          aria-label={`Resend the invitation to ${member.name}`}
        >
          Resend
        </Button>
      )}
    </div>
  );
}
