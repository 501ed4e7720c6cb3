import { useId, useRef, useState, type FormEvent } from 'react';
import {
  Button,
  Checkbox,
  Field,
  Input,
  MessageBarBody,
  Spinner,
  mergeClasses,
} from '@fluentui/react-components';
import { MAX_CV_BYTES } from '../../../shared/limits';
import { siteConfig } from '../../../shared/site/site-config';
import {
  POOL_JOIN_NOTICE,
  poolJoinSchema,
  poolMessages,
  poolNotices,
} from '../../../shared/talent-pool/talent-pool-contract';
import { PageHero } from '../../components/page-hero';
import { DepartmentCheckboxes } from '../../entities/department-checkboxes';
import { useSitePageStyles } from '../../components/site-styles';
import { UntitledMessageBar } from '../../components/untitled-message-bar';
import { errorMessage } from '../../store/api-error';
import { useGetPoolDepartmentsQuery, useJoinPoolMutation } from './talent-pool-api';
import { useStyles } from './talent-pool.styles';

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });

type Errors = Partial<Record<'name' | 'email' | 'departments' | 'cv' | 'consent', string>>;

/**
 * /talent-pool: "Join our talent pool" (docs/behaviour.md#the-talent-pool). Name, e-mail, the
 * departments of interest and an optional PDF CV, with the privacy notice shown and an unticked
 * box to consent. Nothing is kept for long until the link e-mailed to the address is opened.
 */
export function TalentPoolJoinPage() {
  const site = useSitePageStyles();
  const styles = useStyles();
  const formId = useId();
  const noticeId = useId();
  const { data: departments = [], isLoading: loadingDepartments } = useGetPoolDepartmentsQuery();
  const [join, { isLoading }] = useJoinPoolMutation();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [cv, setCv] = useState<File>();
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState<string>();
  const doneRef = useRef<HTMLDivElement>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    setFailure(undefined);
    const found: Errors = {};
    if (cv && cv.type !== 'application/pdf') found.cv = poolMessages.cvNotPdf;
    else if (cv && cv.size > MAX_CV_BYTES) found.cv = poolMessages.cvTooLarge;
    const parsed = poolJoinSchema.safeParse({
      name,
      email,
      departments: chosen,
      consent,
      noticeVersion: POOL_JOIN_NOTICE,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Errors;
        found[field] ??= issue.message;
      }
    }
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = document.querySelector<HTMLElement>(`#${CSS.escape(formId)} [aria-invalid="true"]`);
      (first?.tagName === 'FIELDSET' ? first.querySelector('input') : first)?.focus();
      return;
    }
    try {
      const answer = await join({
        name,
        email,
        departments: chosen,
        consent: true,
        noticeVersion: POOL_JOIN_NOTICE,
        ...(cv ? { cv: await readAsDataUrl(cv) } : {}),
      }).unwrap();
      setDone(answer.message);
      requestAnimationFrame(() => doneRef.current?.focus());
    } catch (error) {
      setFailure(errorMessage(error, 'Your request could not be sent. Please try again.'));
    }
  };

  return (
    <div className={site.page}>
      <title>{`Join our talent pool | ${siteConfig.brandName} Careers`}</title>
      <PageHero
        eyebrow="Talent pool"
        title="Join our talent pool"
        lead="Not the right role today? Leave your details and we may invite you to apply when one opens."
      />
      {done ? (
        <div ref={doneRef} tabIndex={-1} role="status">
          <UntitledMessageBar layout="multiline" intent="success">
            <MessageBarBody>{done}</MessageBarBody>
          </UntitledMessageBar>
        </div>
      ) : (
        <section className={mergeClasses(site.panel)} aria-labelledby={`${formId}-heading`}>
          <h2 id={`${formId}-heading`}>Your details</h2>
          <form id={formId} className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
            <Field label="Full name" required validationMessage={errors.name}>
              <Input autoComplete="name" value={name} onChange={(_, data) => setName(data.value)} />
            </Field>
            <Field label="E-mail address" required validationMessage={errors.email}>
              <Input
                type="email"
                autoComplete="email"
                value={email}
                onChange={(_, data) => setEmail(data.value)}
              />
            </Field>
            <DepartmentCheckboxes
              legend="Departments you are interested in (at least one)"
              departments={departments}
              chosen={chosen}
              onChange={setChosen}
              loading={loadingDepartments}
              error={errors.departments}
            />
            <Field
              label="Your CV (optional, a PDF of at most 5 MB)"
              validationMessage={errors.cv}
              validationState={errors.cv ? 'error' : 'none'}
            >
              {(fieldProps) => (
                <input
                  {...fieldProps}
                  type="file"
                  accept="application/pdf,.pdf"
                  onChange={(event) => setCv(event.target.files?.[0])}
                />
              )}
            </Field>
            <p id={noticeId} className={styles.notice}>
              {poolNotices[POOL_JOIN_NOTICE]}
            </p>
            <Field validationMessage={errors.consent}>
              <Checkbox
                aria-describedby={noticeId}
                checked={consent}
                onChange={(_, data) => setConsent(data.checked === true)}
                label="Join our talent pool: keep my details for future roles for 12 months, as described above"
              />
            </Field>
            {failure && (
              <UntitledMessageBar layout="multiline" intent="error" role="alert">
                <MessageBarBody>{failure}</MessageBarBody>
              </UntitledMessageBar>
            )}
            <div className={styles.actions}>
              <Button
                type="submit"
                appearance="primary"
                disabled={isLoading}
                icon={isLoading ? <Spinner size="tiny" /> : undefined}
              >
                {isLoading ? 'Sending...' : 'Join the talent pool'}
              </Button>
            </div>
          </form>
        </section>
      )}
    </div>
  );
}
