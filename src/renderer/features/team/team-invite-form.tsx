import { useId, useState, type FormEvent } from 'react';
import { Button, Field, Input, Select, Spinner } from '@fluentui/react-components';
import { PersonAddRegular } from '@fluentui/react-icons/headless/svg/person-add';
import { messages } from '../../../shared/messages';
import {
  teamInviteSchema,
  teamRoleLabels,
  teamRoles,
  type TeamRole,
} from '../../../shared/team/team-contract';
import { errorMessage, isHandledRefusal } from '../../store/api-error';
import { useToast } from '../../feedback/use-toast';
import { useAdminStyles } from '../../layout/admin-page';
import { useInviteTeamMemberMutation } from './team-api';
import { useStyles } from './team-members.styles';

type Errors = Partial<Record<'name' | 'email' | 'role', string>>;

/**
 * Invite a person to the hiring team: their name, e-mail address and role. The server e-mails
 * them a single-use link to choose a password; when that e-mail could not go, the toast says to
 * invite again.
 */
export function TeamInviteForm() {
  const admin = useAdminStyles();
  const styles = useStyles();
  const toast = useToast();
  const headingId = useId();
  const [invite, { isLoading }] = useInviteTeamMemberMutation();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TeamRole>('hiring-manager');
  const [errors, setErrors] = useState<Errors>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = teamInviteSchema.safeParse({ name, email, role });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Errors;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const answer = await invite(parsed.data).unwrap();
      if (answer.emailed) toast.success(messages.teamInvited(parsed.data.email));
      else
        toast.error(`The invitation e-mail to ${parsed.data.email} could not be sent. Please invite again.`);
      setName('');
      setEmail('');
    } catch (cause) {
      if (!isHandledRefusal(cause)) toast.error(errorMessage(cause, 'The invitation could not be sent.'));
    }
  };

  const state = (field: keyof Errors) => ({
    validationMessage: errors[field],
    validationState: errors[field] ? ('error' as const) : ('none' as const),
  });

  return (
    <section className={admin.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={admin.cardTitle}>
        Invite a person
      </h2>
      <form className={styles.inviteForm} onSubmit={(event) => void submit(event)} noValidate>
        <Field label="Name" required {...state('name')}>
          <Input value={name} autoComplete="off" onChange={(_event, data) => setName(data.value)} />
        </Field>
        <Field label="Email" required {...state('email')}>
          <Input
            type="email"
            value={email}
            autoComplete="off"
            onChange={(_event, data) => setEmail(data.value)}
          />
        </Field>
        <Field label="Role" required {...state('role')}>
          <Select value={role} onChange={(_event, data) => setRole(data.value as TeamRole)}>
            {teamRoles.map((value) => (
              <option key={value} value={value}>
                {teamRoleLabels[value]}
              </option>
            ))}
          </Select>
        </Field>
        {/* Focusable while sending: a disabled button would drop a keyboard user's focus. */}
        <Button
          type="submit"
          appearance="primary"
          disabledFocusable={isLoading}
          icon={isLoading ? <Spinner size="tiny" /> : <PersonAddRegular />}
        >
          Send invitation
        </Button>
      </form>
    </section>
  );
}
