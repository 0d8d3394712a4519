import { respondToReferral } from '@puja/api-client';
import {
  checkReferralAnswerForm,
  type OtherDepartmentsStep,
  type Referral,
  type ReferralTrackerLine,
} from '@puja/domain';
import { useState, type FormEvent } from 'react';
import { ErrorSummary, t } from '@puja/web-kit';
import { Button } from '../../../components/button';
import { Field } from '../../../components/field';
import {
  OptionalDocumentField,
  useFormWithDocument,
} from '../../../features/documents/optional-document';
import styles from './other-departments.module.css';

/** The id of a referral's line on the tracker (the banner's button goes to its answer form). */
export const referralLineId = (referralId: number, scope: string) =>
  `referral-${referralId}${scope}`;
/** The id of the answer field of an objection (the banner's button focuses it). */
export const answerFieldId = (referralId: number, scope: string) =>
  `answer-${referralId}${scope}-response`;

/**
 * Issue 29: the tracker's "Other departments", one line per agency in the club's words (domain
 * `otherDepartmentsStep`): waiting with its due date, approved, approved with its conditions,
 * an objection with its reason and the answer form, rejected with its reason, deemed approved,
 * no longer needed.
 */
export function OtherDepartmentLines({
  step,
  referrals,
  scope,
}: {
  step: OtherDepartmentsStep;
  referrals: readonly Referral[];
  scope: string;
}) {
  return (
    <ul className={styles.lines}>
      {step.lines.map((line) => (
        <OtherDepartmentLine
          key={line.id}
          line={line}
          referral={referrals.find((referral) => referral.id === line.id)}
          scope={scope}
        />
      ))}
    </ul>
  );
}

function OtherDepartmentLine({
  line,
  referral,
  scope,
}: {
  line: ReferralTrackerLine;
  referral: Referral | undefined;
  scope: string;
}) {
  const id = referralLineId(line.id, scope);
  return (
    <li className={styles.line} aria-labelledby={`${id}-name`}>
      {/* Focused after the club's answer is sent: the line now says it waits again. */}
      <p id={id} tabIndex={-1} className={styles.head}>
        <span id={`${id}-name`} className={styles.agency}>
          {line.agency_name}
        </span>{' '}
        <span className={`${styles.status} ${styles[line.status] ?? ''}`}>{line.text}</span>
      </p>
      {line.conditions.length > 0 ? (
        <>
          <p className={styles.conditionsTitle}>{t('referrals.club.conditionsList')}</p>
          <ul className={styles.conditionList}>
            {line.conditions.map((condition, index) => (
              <li key={index}>{condition}</li>
            ))}
          </ul>
        </>
      ) : null}
      {line.reason !== null ? (
        <p className={line.status === 'withdrawn' ? undefined : styles.reason}>
          {t('tracker.reason', { reason: line.reason })}
        </p>
      ) : null}
      {line.status === 'pending' && referral?.response ? (
        <p className={styles.answer}>
          {t('referrals.club.yourAnswer', { response: referral.response })}
        </p>
      ) : null}
      {line.canAnswer ? <AnswerObjection line={line} scope={scope} /> : null}
    </li>
  );
}

/**
 * The answer to an objection: a text and, if the club wants, one document (image or PDF, the
 * same checks as every document: judged by its bytes, a PDF over 3 MB refused, a photo
 * shrunk). Sent with `respond-referral.php`; the referral waits for that department again.
 */
function AnswerObjection({ line, scope }: { line: ReferralTrackerLine; scope: string }) {
  const formId = `answer-${line.id}${scope}`;
  const { form, attachment, busy, send } = useFormWithDocument(formId);
  const [response, setResponse] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    // The server's answer is the truth: the line says it waits for the department again.
    void send(
      checkReferralAnswerForm({ response }),
      { loading: 'referrals.answer.loading', failure: 'referrals.saveFailed' },
      (value, document) => respondToReferral({ id: line.id, response: value, document }),
      referralLineId(line.id, scope),
    );
  }

  return (
    <form
      noValidate
      className={styles.answer}
      onSubmit={submit}
      aria-labelledby={`${formId}-title`}
    >
      <p id={`${formId}-title`} className={styles.answerTitle}>
        {t('referrals.answer.title', { department: line.agency_name })}
      </p>
      <ErrorSummary {...form.summary} />
      <Field
        {...form.field('response')}
        label={t('referrals.answer.response')}
        hint={t('referrals.answer.responseHint')}
      >
        {(control) => (
          <textarea
            {...control}
            rows={4}
            value={response}
            onChange={(event) => {
              setResponse(event.target.value);
              form.recheck(checkReferralAnswerForm({ response: event.target.value }));
            }}
          />
        )}
      </Field>
      <OptionalDocumentField
        id={`${formId}-document`}
        label={t('referrals.answer.document')}
        document={attachment}
      />
      <Button type="submit" block disabled={busy}>
        {t('referrals.answer.submit')}
      </Button>
    </form>
  );
}
