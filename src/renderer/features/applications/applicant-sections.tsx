import { useId, type ReactNode } from 'react';
import { useAdminStyles } from '../../layout/admin-page';
import { EmailAddress } from '../../components/email-address';
import { Fact } from './application-fact';
import { useStyles } from './application-detail-page.styles';
import { formatAnswer, type StoredAnswer } from '../../../shared/questions/question-contract';

/**
 * The applicant's facts and cover letter, as administrators and the hiring team see them on an
 * application's screen; `children` adds facts of the administrators' own (a duplicate's link).
 */
export function ApplicantSections(props: {
  name: string;
  email: string;
  phone: string;
  jobTitle: string;
  appliedOn: string;
  about: string;
  /** A Disability Confident opt-in: shown as the rule it brings, never with its reason. */
  interviewIfMinimumCriteriaMet?: boolean;
  /** The answers to the job's questions, each under the question as the applicant saw it. */
  answers?: StoredAnswer[];
  children?: ReactNode;
}) {
  const admin = useAdminStyles();
  const styles = useStyles();
  const infoId = useId();
  const letterId = useId();
  const answersId = useId();
  return (
    <>
      <section className={admin.card} aria-labelledby={infoId}>
        <h2 id={infoId} className={admin.cardTitle}>
          Applicant Information
        </h2>
        <dl className={styles.facts}>
          <Fact label="Full Name">{props.name}</Fact>
          <Fact label="Email">
            <a className={styles.link} href={`mailto:${props.email}`}>
              <EmailAddress address={props.email} />
            </a>
          </Fact>
          <Fact label="Phone">
            <a className={styles.link} href={`tel:${props.phone.replace(/[^\d+]/g, '')}`}>
              {props.phone}
            </a>
          </Fact>
          <Fact label="Job Applied">{props.jobTitle}</Fact>
          <Fact label="Applied On">{props.appliedOn}</Fact>
          {props.interviewIfMinimumCriteriaMet && (
            <Fact label="Shortlisting">Interview if the minimum criteria are met</Fact>
          )}
          {props.children}
        </dl>
      </section>
      <section className={admin.card} aria-labelledby={letterId}>
        <h2 id={letterId} className={admin.cardTitle}>
          Cover Letter
        </h2>
        <p className={styles.letter}>{props.about}</p>
      </section>
      {props.answers && props.answers.length > 0 && (
        <section className={admin.card} aria-labelledby={answersId}>
          <h2 id={answersId} className={admin.cardTitle}>
            Answers
          </h2>
          <dl className={styles.facts}>
            {props.answers.map((answer) => (
              <Fact key={answer.id} label={answer.label}>
                <span className={styles.letter}>{formatAnswer(answer)}</span>
              </Fact>
            ))}
          </dl>
        </section>
      )}
    </>
  );
}
