import { useCallback, useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { Navigate } from 'react-router-dom';
import {
  Button,
  Field,
  Input,
  Spinner,
  Textarea,
  makeStyles,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { ArrowResetRegular } from '@fluentui/react-icons/headless/svg/arrow-reset';
import { SaveRegular } from '@fluentui/react-icons/headless/svg/save';
import {
  fillReplyTemplate,
  replyKindLabels,
  replyKinds,
  type ReplyKind,
  replyPlaceholderHelp,
  replyPlaceholders,
  type ReplyValues,
  type StoredReplyTemplate,
} from '../../../shared/applications/reply-contract';
import { messages } from '../../../shared/messages';
import { stageLabels } from '../../../shared/applications/stage-contract';
import { formatUsDateTime } from '../../../shared/format/date';
import { errorSchema } from '../../../shared/http/acknowledgements';
import { siteConfig } from '../../../shared/site/site-config';
import { errorMessage, errorStatus, isHandledRefusal } from '../../store/api-error';
import { useAppSelector } from '../../store/hooks';
import { PageLoading } from '../../components/page-loading';
import { usePlatform } from '../../platform/platform';
import { confirmDialog } from '../../feedback/dialogs';
import { useToast } from '../../feedback/use-toast';
import { useLeaveGuard } from '../../lib/use-leave-guard';
import { AdminPageHeader, useAdminStyles } from '../../layout/admin-page';
import {
  useGetReplyTemplatesQuery,
  useRestoreReplyTemplateMutation,
  useSaveReplyTemplateMutation,
} from './reply-templates-api';
import { screens } from '../../../shared/site/screen-routes';

/** Asked before the screen is left with a template's changes not saved. */
const LEAVE_UNSAVED_TEMPLATE =
  'This reply template has changes that are not saved. If you leave this page now, they will be lost. Leave anyway?';

const useStyles = makeStyles({
  placeholders: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}`,
    margin: 0,
  },
  code: { ...typographyStyles.body1Strong, fontFamily: tokens.fontFamilyMonospace },
  meaning: { margin: 0 },
  status: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground2 },
  editor: {
    display: 'grid',
    gap: tokens.spacingHorizontalXL,
    gridTemplateColumns: '1fr',
    alignItems: 'start',
    '@media (min-width: 1100px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  },
  fields: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  preview: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    minWidth: 0,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  previewTitle: { ...typographyStyles.subtitle2, margin: 0 },
  previewNote: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground2 },
  previewSubject: { ...typographyStyles.body1Strong, margin: 0, overflowWrap: 'anywhere' },
  previewBody: {
    ...typographyStyles.body1,
    margin: 0,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    lineHeight: '1.55',
  },
  buttons: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end' },
});

/** What the preview fills the placeholders with. */
function useSampleValues(): ReplyValues {
  const platform = usePlatform();
  return useMemo(
    () => ({
      firstName: 'Alex',
      fullName: 'Alex Morgan',
      jobTitle: 'Customer Service Advisor',
      // What the server fills in: the company's legal name.
      companyName: siteConfig.legalName,
      // The site's own address: where the web app runs, or the server the console talks to.
      careersUrl: new URL(platform.apiBaseUrl, window.location.href).origin,
    }),
    [platform.apiBaseUrl],
  );
}

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
function TemplateEditor({
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
    ? `Your own wording${template.updatedAt ? `, saved ${formatUsDateTime(template.updatedAt)}` : ''}${
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

/**
 * /dashboard/templates: the wording of each reply to applicants, what the placeholders mean, a
 * live preview with sample values, Save and Restore default (docs/behaviour.md#reply-templates).
 */
export function ReplyTemplatesPage() {
  const admin = useAdminStyles();
  const styles = useStyles();
  const user = useAppSelector((state) => state.session.user);
  const { data, isLoading, error } = useGetReplyTemplatesQuery(undefined, { skip: !user });
  const sample = useSampleValues();
  const placeholdersId = useId();
  const [dirtyKinds, setDirtyKinds] = useState<ReadonlySet<ReplyKind>>(new Set());
  const onDirty = useCallback((kind: ReplyKind, dirty: boolean) => {
    setDirtyKinds((current) => {
      if (current.has(kind) === dirty) return current;
      const next = new Set(current);
      if (dirty) next.add(kind);
      else next.delete(kind);
      return next;
    });
  }, []);
  // One guard for the screen: with both templates edited, leaving still asks once.
  useLeaveGuard(dirtyKinds.size > 0, LEAVE_UNSAVED_TEMPLATE);

  if (!user) return <Navigate to={screens.home.path()} replace />;
  const byKind = new Map(data?.map((template) => [template.kind, template]));

  return (
    <div className={admin.page}>
      <title>Reply templates | Admin Panel</title>
      <AdminPageHeader
        title="Reply templates"
        subtitle="The e-mails you can send applicants when you move them to a stage. Words in braces are filled in for each applicant."
      />
      <section className={admin.card} aria-labelledby={placeholdersId}>
        <h2 id={placeholdersId} className={admin.cardTitle}>
          Placeholders
        </h2>
        <dl className={styles.placeholders}>
          {replyPlaceholders.map((name) => (
            <div key={name} style={{ display: 'contents' }}>
              <dt className={styles.code}>{`{${name}}`}</dt>
              <dd className={styles.meaning}>{replyPlaceholderHelp[name]}</dd>
            </div>
          ))}
        </dl>
      </section>
      {isLoading ? (
        <PageLoading label="Loading templates..." />
      ) : error || !data ? (
        <section className={admin.card} role="alert">
          <p className={admin.emptyText}>{errorMessage(error, 'The templates could not be loaded.')}</p>
        </section>
      ) : (
        replyKinds.map((kind) => {
          const template = byKind.get(kind);
          // Keyed by what is stored, so a save or a restore starts the editor from the new wording.
          return template ? (
            <TemplateEditor
              key={`${kind}:${template.updatedAt ?? 'default'}:${template.custom}`}
              template={template}
              sample={sample}
              onDirty={onDirty}
            />
          ) : null;
        })
      )}
    </div>
  );
}
