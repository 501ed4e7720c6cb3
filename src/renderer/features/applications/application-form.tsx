import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Textarea,
} from '@fluentui/react-components';
import { SendRegular } from '@fluentui/react-icons/headless/svg/send';
import type { ApplicationFields } from '../../../shared/applications/application-contract';
import type { Job } from '../../../shared/jobs/job-contract';
import { messages } from '../../../shared/messages';
import { PRIVACY_NOTICE_VERSION } from '../../../shared/site/privacy-notice';
import { usePanelStyles } from '../../components/panel-styles';
import { useLeaveGuard } from '../../lib/use-leave-guard';
import { CvPicker, type ReadyCv } from './cv-picker';
import {
  labelFor,
  TEXT_FIELDS,
  validate,
  type FieldErrors,
  type TextFields,
} from './application-form-fields';
import { useSubmitApplication } from './use-submit-application';
import {
  answerProblems,
  answersOf,
  focusQuestion,
  knockingQuestion,
  QuestionFields,
  type AnswerDraft,
} from './question-fields';
import { useStyles } from './application-form.styles';
import { AdjustmentsFieldset, type AdjustmentAnswers } from './adjustments-fieldset';
import { HeardAboutField, sourceFields } from './heard-about-field';
import { PlainForm, plainFieldName as field } from './plain-form-fields';

/** The form's heading: the job page's "Apply now" link moves focus to it. */
export const APPLY_HEADING_ID = 'apply-title';

/**
 * The application form, validated with the same schema the server uses. The privacy notice it
 * shows comes from the privacy feature, handed in by the app. Drawn by the server, it is also a
 * plain form a browser running no script sends itself (plain-form-fields.tsx).
 */
export function ApplicationForm({ job, privacyNotice }: { job: Job; privacyNotice: ReactNode }) {
  const styles = useStyles();
  const panel = usePanelStyles();
  const { submit, submitting, uploading, step, error, notice, dismissNotice } = useSubmitApplication();
  const [fields, setFields] = useState<TextFields>({ name: '', email: '', phone: '', about: '' });
  const [cv, setCv] = useState<ReadyCv | null>(null);
  const [adjustments, setAdjustments] = useState<AdjustmentAnswers>({
    adjustments: '',
    disabilityConfident: false,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [draft, setDraft] = useState<AnswerDraft>({});
  const [answerErrors, setAnswerErrors] = useState<Record<string, string | undefined>>({});
  const [attempted, setAttempted] = useState(false);
  // False in the server's HTML and until the app has taken the form over (see below).
  const [running, setRunning] = useState(false);
  const errorBar = useRef<HTMLDivElement>(null);
  const noticeBar = useRef<HTMLDivElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const phoneInput = useRef<HTMLInputElement>(null);
  const aboutInput = useRef<HTMLTextAreaElement>(null);

  // On a page the server drew (docs/architecture.md#the-web-entry), a visitor may type before the app
  // runs: hydration keeps that text on screen but not in the form's state, so the form takes it
  // over as if it had just been typed. (A CV chosen meanwhile is taken over by the CV picker.)
  useLayoutEffect(() => {
    const typed: TextFields = {
      name: nameInput.current?.value ?? '',
      email: emailInput.current?.value ?? '',
      phone: phoneInput.current?.value ?? '',
      about: aboutInput.current?.value ?? '',
    };
    setFields((current) => (TEXT_FIELDS.some((name) => current[name] !== typed[name]) ? typed : current));
    setRunning(true);
  }, []);
  useLeaveGuard(uploading, messages.leaveDuringUpload);
  // A refused submission: focus goes to the explanation, which reads it out.
  useEffect(() => {
    if (error) errorBar.current?.focus();
  }, [error]);
  // A knock-out answer: focus goes to the job's reply, which reads it out.
  useEffect(() => {
    if (notice) noticeBar.current?.focus();
  }, [notice]);

  const payloadOf = (values: typeof fields, asked: AdjustmentAnswers = adjustments): ApplicationFields => ({
    name: values.name,
    email: values.email,
    phone: values.phone,
    number: values.phone,
    about: values.about,
    jobTitle: job.jobTitle,
    jobName: job.jobTitle,
    jobId: job._id,
    privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
    ...(asked.adjustments.trim() ? { adjustments: asked.adjustments.trim() } : {}),
    ...(asked.disabilityConfident ? { disabilityConfident: true } : {}),
    // The version of the questions this form shows, so an edit meanwhile does not refuse it.
    ...(job.questionSetId
      ? { questionSetId: job.questionSetId, answers: answersOf(job.questions, draft) }
      : {}),
  });

  const checkDraft = (next: AnswerDraft) => answerProblems(job.questions, next);
  const knocking = knockingQuestion(job.questions, draft);
  const submitHint = knocking
    ? messages.knockedOutHint(knocking.question.label)
    : !cv && 'Attach your CV as a PDF to submit your application.';
  const answer = (id: string, value: string | boolean | string[]) => {
    const next = { ...draft, [id]: value };
    setDraft(next);
    dismissNotice();
    if (attempted) setAnswerErrors(checkDraft(next));
  };

  const update = (name: keyof typeof fields) => (value: string) => {
    const next = { ...fields, [name]: value };
    setFields(next);
    if (attempted) setErrors(validate(payloadOf(next), cv));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting || knocking) return;
    setAttempted(true);
    const payload = payloadOf(fields);
    const found = validate(payload, cv);
    setErrors(found);
    const unanswered = checkDraft(draft);
    setAnswerErrors(unanswered);
    const firstQuestion = job.questions.find((question) => unanswered[question.id]);
    if (Object.keys(found).length > 0 || firstQuestion || !cv) {
      const first = TEXT_FIELDS.find((name) => found[name]);
      if (first) document.getElementById(`apply-${first}`)?.focus();
      else if (firstQuestion) focusQuestion(firstQuestion.id);
      else if (found.adjustments) document.getElementById('apply-adjustments')?.focus();
      return;
    }
    // The server reads trimmed values too; sending them trimmed keeps the e-mail match exact.
    void submit(
      {
        ...payload,
        name: fields.name.trim(),
        email: fields.email.trim(),
        phone: fields.phone.trim(),
        number: fields.phone.trim(),
        ...sourceFields(event.currentTarget),
      },
      cv,
      job.jobTitle,
    );
  };

  return (
    <PlainForm job={job} className={panel.panel} onSubmit={onSubmit} aria-labelledby={APPLY_HEADING_ID}>
      {/* Focusable, so the "Apply now" link's jump starts the keyboard and screen reader here. */}
      <h1 id={APPLY_HEADING_ID} className={styles.title} tabIndex={-1}>
        Apply for {job.jobTitle}
      </h1>
      <p className={styles.intro}>Fields marked with * are required.</p>

      <Field label={labelFor('Full Name', 'apply-name')} required validationMessage={errors.name}>
        <Input
          id="apply-name"
          name={field('name')}
          ref={nameInput}
          autoComplete="name"
          value={fields.name}
          onChange={(_, data) => update('name')(data.value)}
          disabled={submitting}
        />
      </Field>
      <div className={styles.row}>
        <Field label={labelFor('Email', 'apply-email')} required validationMessage={errors.email}>
          <Input
            id="apply-email"
            name={field('email')}
            ref={emailInput}
            type="email"
            autoComplete="email"
            value={fields.email}
            onChange={(_, data) => update('email')(data.value)}
            disabled={submitting}
          />
        </Field>
        <Field label={labelFor('Phone', 'apply-phone')} required validationMessage={errors.phone}>
          <Input
            id="apply-phone"
            name={field('phone')}
            ref={phoneInput}
            type="tel"
            autoComplete="tel"
            value={fields.phone}
            onChange={(_, data) => update('phone')(data.value)}
            disabled={submitting}
          />
        </Field>
      </div>
      <Field label={labelFor('Cover Letter', 'apply-about')} required validationMessage={errors.about}>
        <Textarea
          id="apply-about"
          name={field('about')}
          ref={aboutInput}
          resize="vertical"
          rows={6}
          placeholder="Tell us why you are a good fit for this role"
          value={fields.about}
          onChange={(_, data) => update('about')(data.value)}
          disabled={submitting}
        />
      </Field>
      <QuestionFields
        questions={job.questions}
        draft={draft}
        errors={answerErrors}
        onChange={answer}
        disabled={submitting}
      />
      <CvPicker
        value={cv}
        onChange={(file) => {
          setCv(file);
          if (attempted) setErrors(validate(payloadOf(fields), file));
        }}
        disabled={submitting}
        error={errors.pdfFile}
      />
      <HeardAboutField disabled={submitting} />
      <AdjustmentsFieldset
        value={adjustments}
        onChange={(next) => {
          setAdjustments(next);
          if (attempted) setErrors(validate(payloadOf(fields, next), cv));
        }}
        disabled={submitting}
        error={errors.adjustments}
      />
      {privacyNotice}
      <div className={styles.status}>
        {step && <Spinner size="tiny" aria-hidden="true" />}
        {/* The success toast announces the outcome; the line shows it without saying it twice. */}
        <span role="status" aria-live="polite" className={styles.statusText} data-testid="apply-step">
          {step !== messages.applicationSubmitted && step}
        </span>
        {step === messages.applicationSubmitted && <span className={styles.statusText}>{step}</span>}
      </div>
      {notice && (
        <MessageBar ref={noticeBar} intent="info" layout="multiline" tabIndex={-1} className={styles.error}>
          <MessageBarBody>
            <MessageBarTitle>Thank you for your interest</MessageBarTitle>
            <span data-testid="apply-knock-out">{notice}</span>
          </MessageBarBody>
        </MessageBar>
      )}
      {error && (
        <MessageBar
          ref={errorBar}
          intent="error"
          layout="multiline"
          tabIndex={-1}
          aria-describedby={error.detail ? 'apply-error-detail' : undefined}
          className={styles.error}
        >
          <MessageBarBody>
            <MessageBarTitle>{error.summary}</MessageBarTitle>
            {error.detail && <span id="apply-error-detail">{error.detail}</span>}
          </MessageBarBody>
        </MessageBar>
      )}

      <Button
        type="submit"
        appearance="primary"
        size="large"
        icon={submitting ? <Spinner size="tiny" /> : <SendRegular />}
        // Before the app runs it sends the plain form (with a script, src/web/main.tsx holds the press); then
        // the hint says what it waits for: a CV, or no knock-out (docs/behaviour.md#questions-per-job).
        disabled={running && (!cv || submitting || knocking !== undefined)}
        aria-describedby={submitHint ? 'apply-submit-hint' : undefined}
        className={styles.submit}
      >
        {submitting ? 'Submitting...' : 'Submit Application'}
      </Button>
      {submitHint && (
        <p id="apply-submit-hint" className={styles.hint}>
          {submitHint}
        </p>
      )}
    </PlainForm>
  );
}
