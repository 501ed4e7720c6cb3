import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button, Field, Input, Spinner, Textarea } from '@fluentui/react-components';
import { ArrowResetRegular } from '@fluentui/react-icons/headless/svg/arrow-reset';
import { SaveRegular } from '@fluentui/react-icons/headless/svg/save';
import {
  fillReplyTemplate,
  replyKindLabels,
  type ReplyKind,
  type ReplyValues,
  type StoredReplyTemplate,
} from '../../../shared/applications/reply-contract';
import { messages } from '../../../shared/messages';
import { stageLabels } from '../../../shared/applications/stage-contract';
import { formatDateTime } from '../../../shared/format/date';
import { errorSchema } from '../../../shared/http/acknowledgements';
import { errorMessage, errorStatus, isHandledRefusal } from '../../store/api-error';
import { confirmDialog } from '../../feedback/dialogs';
import { useToast } from '../../feedback/use-toast';
import { useAdminStyles } from '../../layout/admin-page';
import { useRestoreReplyTemplateMutation, useSaveReplyTemplateMutation } from './reply-templates-api';
import { useStyles } from './template-editor.styles';

interface Draft {
  subject: string;
  body: string;
}

type DraftErrors = Partial<Record<keyof Draft, string>>;

/** The server's 400: each field's message on its field, the first message as a whole. */
function fieldErrors(error: unknown): { fields: DraftErrors; message: string } | undefined {
  if (errorStatus(error) !== 400) return undefined;
  const body = errorSchema.safeParse((error as { data?: unknown }).data);
  if (!body.success) return undefined;
  const fields: DraftErrors = {};
  for (const issue of body.data.errors ?? []) {
    const field = issue.path.split('.')[0];
    if (field === 'subject' || field === 'body') fields[field] ??= issue.message;
  }
  return { fields, message: body.data.message };
}

/** One template: its subject and message, the live preview, Save and Restore default. */
export function TemplateEditor({
  template,
  sample,
  onDirty,
}: {
  template: StoredReplyTemplate;
  sample: ReplyValues;
  /** Unsaved changes, or none: the page asks once before leaving, whichever editors have them. */
  onDirty: (kind: ReplyKind, dirty: boolean) => void;
}) {
  const admin = useAdminStyles();
  const styles = useStyles();
  const toast = useToast();
  const headingId = useId();
  const previewId = useId();
  const [draft, setDraft] = useState<Draft>({ subject: template.subject, body: template.body });
  const [errors, setErrors] = useState<DraftErrors>({});
  const [save, saving] = useSaveReplyTemplateMutation();
  const [restore, restoring] = useRestoreReplyTemplateMutation();
  const label = replyKindLabels[template.kind];
  const stage = template.kind === 'rejection' ? stageLabels.rejected : stageLabels.interview;
  const dirty = draft.subject !== template.subject || draft.body !== template.body;
  const { kind } = template;
  useEffect(() => {
    onDirty(kind, dirty);
    return () => onDirty(kind, false);
  }, [onDirty, kind, dirty]);

  const edit = (field: keyof Draft, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _fixed, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving.isLoading) return;
    setErrors({});
    try {
      await save({ kind: template.kind, template: draft }).unwrap();
      toast.success(`The ${label.toLowerCase()} template is saved.`);
    } catch (error) {
      const invalid = fieldErrors(error);
      if (invalid) {
        setErrors(invalid.fields);
        if (Object.keys(invalid.fields).length === 0) toast.error(invalid.message);
        return;
      }
      if (isHandledRefusal(error)) return;
      console.error('template save failed', error);
      toast.error(errorMessage(error, 'The template could not be saved. Please try again.'));
    }
  };

  const restoreDefault = async () => {
    const confirmed = await confirmDialog({
      title: `Restore the default ${label.toLowerCase()}?`,
      text: `Your wording is replaced by the product's default. ${messages.confirmText}`,
      confirmButtonText: 'Restore default',
    });
    if (!confirmed) return;
    try {
      await restore(template.kind).unwrap();
      setErrors({});
      toast.success(`The ${label.toLowerCase()} template is back to the default.`);
    } catch (error) {
      if (isHandledRefusal(error)) return;
      console.error('template restore failed', error);
      toast.error(errorMessage(error, 'The default could not be restored. Please try again.'));
    }
  };

  const status = template.custom
    ? `Your own wording${template.updatedAt ? `, saved ${formatDateTime(template.updatedAt)}` : ''}${
        template.updatedBy ? ` by ${template.updatedBy}` : ''
      }.`
    : "The product's default wording.";

  return (
    <section className={admin.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={admin.cardTitle}>
        {label}
      </h2>
      <p className={styles.status}>
        Offered when an application moves to {stage}. {status}
      </p>
      <form
        className={styles.editor}
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-labelledby={headingId}
      >
        <div className={styles.fields}>
          <Field
            label="Subject"
            validationMessage={errors.subject}
            validationState={errors.subject ? 'error' : 'none'}
          >
            <Input value={draft.subject} onChange={(_event, data) => edit('subject', data.value)} />
          </Field>
          <Field
            label="Message"
            validationMessage={errors.body}
            validationState={errors.body ? 'error' : 'none'}
          >
            <Textarea
              value={draft.body}
              rows={14}
              resize="vertical"
              onChange={(_event, data) => edit('body', data.value)}
            />
          </Field>
          <div className={styles.buttons}>
            <Button
              icon={restoring.isLoading ? <Spinner size="tiny" /> : <ArrowResetRegular />}
              disabledFocusable={!template.custom || restoring.isLoading}
              onClick={() => void restoreDefault()}
            >
              Restore default
            </Button>
            <Button
              type="submit"
              appearance="primary"
              icon={saving.isLoading ? <Spinner size="tiny" /> : <SaveRegular />}
              disabledFocusable={saving.isLoading}
            >
              Save
            </Button>
          </div>
        </div>
        <div className={styles.preview} role="region" aria-labelledby={previewId}>
          <h3 id={previewId} className={styles.previewTitle}>
            Preview
          </h3>
          <p className={styles.previewNote}>
            With sample values: {sample.fullName}, applying for {sample.jobTitle}.
          </p>
          <p className={styles.previewSubject}>{fillReplyTemplate(draft.subject, sample)}</p>
          <p className={styles.previewBody}>{fillReplyTemplate(draft.body, sample)}</p>
        </div>
      </form>
    </section>
  );
}
