import { useCallback, useId, useMemo, useState } from 'react';
import { Navigate } from 'react-router-dom';
import {
  replyKinds,
  type ReplyKind,
  replyPlaceholderHelp,
  replyPlaceholders,
  type ReplyValues,
} from '../../../shared/applications/reply-contract';
import { siteConfig } from '../../../shared/site/site-config';
import { errorMessage } from '../../store/api-error';
import { useAppSelector } from '../../store/hooks';
import { PageLoading } from '../../components/page-loading';
import { usePlatform } from '../../platform/platform';
import { useLeaveGuard } from '../../lib/use-leave-guard';
import { AdminPageHeader, useAdminStyles } from '../../layout/admin-page';
import { useGetReplyTemplatesQuery } from './reply-templates-api';
import { TemplateEditor } from './template-editor';
import { useStyles } from './reply-templates-page.styles';
import { screens } from '../../../shared/site/screen-routes';

/** Asked before the screen is left with a template's changes not saved. */
const LEAVE_UNSAVED_TEMPLATE =
  'This reply template has changes that are not saved. If you leave this page now, they will be lost. Leave anyway?';

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
