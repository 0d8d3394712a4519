import { fileAppeal } from '@puja/api-client';
import {
  appealAgainstText,
  openingAppeal,
  appealOpeningText,
  appealsClosedNote,
  checkAppealForm,
  clubAppealText,
  type AppealOpening,
  type Application,
} from '@puja/domain';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ErrorSummary, t, useLocale } from '@puja/web-kit';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { Field } from '../../../components/field';
import {
  OptionalDocumentField,
  useFormWithDocument,
} from '../../../features/documents/optional-document';
import styles from './appeals.module.css';

/** The key of a refusal the club may appeal (one form each). */
const openingKey = (opening: Pick<AppealOpening, 'ground' | 'referral_id'>) =>
  `${opening.ground}-${opening.referral_id ?? 0}`;

/** The id of an opening's "Appeal" button: the next-step banner's button goes there. */
export const appealButtonId = (opening: Pick<AppealOpening, 'ground' | 'referral_id'>) =>
  `appeal-open-${openingKey(opening)}`;

/**
 * Issue 30: the club's appeals on its dashboard: each appeal it filed and where it stands
 * (filed and due, allowed, dismissed with the reason), and each refusal it may still appeal
 * with the last day and an "Appeal" button that opens the form (reason, required; one optional
 * document). Once the review of its season is closed it offers none and says why. Nothing when
 * there is nothing of the kind.
 */
export function Appeals({
  application,
  reviewClosed = false,
}: {
  application: Application;
  /** Staff closed the review of the application's season: no appeal is filed or allowed. */
  reviewClosed?: boolean;
}) {
  const locale = useLocale();
  const appeals = application.appeals ?? [];
  const closedNote = appealsClosedNote(application, reviewClosed);
  // The server offers none then; a stale answer offers none either.
  const openings = reviewClosed ? [] : (application.appealable ?? []);
  const [open, setOpen] = useState<string | null>(null);
  // A closed form gives the focus back to its button, once that is drawn again.
  const returnTo = useRef<string | null>(null);
  useEffect(() => {
    if (open !== null || returnTo.current === null) return;
    document.getElementById(`appeal-open-${returnTo.current}`)?.focus();
    returnTo.current = null;
  }, [open]);
  if (appeals.length === 0 && openings.length === 0 && closedNote === null) return null;
  return (
    <Card aria-labelledby="appeals-title">
      <h2 id="appeals-title" tabIndex={-1}>
        {t('appeals.club.title')}
      </h2>
      {closedNote !== null ? (
        <p className={styles.closed} role="note">
          {t(closedNote)}
        </p>
      ) : null}
      {appeals.length + openings.length > 0 ? (
        <ul className={styles.list}>
          {appeals.map((appeal) => (
            <li key={appeal.id} className={`${styles.item} ${styles[appeal.status] ?? ''}`}>
              <p id={`appeal-${appeal.id}`} tabIndex={-1}>
                {clubAppealText(appeal, locale)}
              </p>
            </li>
          ))}
          {openings.map((opening) => {
            const key = openingKey(opening);
            return (
              <li key={key} className={styles.item}>
                <p id={`appealable-${key}`}>{appealOpeningText(opening, locale)}</p>
                {open === key ? (
                  <AppealForm
                    application={application}
                    opening={opening}
                    onCancel={() => {
                      returnTo.current = key;
                      setOpen(null);
                    }}
                  />
                ) : (
                  <Button
                    id={appealButtonId(opening)}
                    variant="secondary"
                    block
                    aria-describedby={`appealable-${key}`}
                    onClick={() => setOpen(key)}
                  >
                    {t('appeals.club.button')}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
    </Card>
  );
}

/** The appeal form: the reason (required) and one optional document, sent with file-appeal.php. */
function AppealForm({
  application,
  opening,
  onCancel,
}: {
  application: Application;
  opening: AppealOpening;
  onCancel: () => void;
}) {
  const locale = useLocale();
  const formId = `appeal-form-${openingKey(opening)}`;
  const { form, attachment, busy, send } = useFormWithDocument(formId);
  const [reason, setReason] = useState('');
  const fields = (text: string) => ({
    ground: opening.ground,
    referral_id: opening.referral_id ?? undefined,
    reason: text,
  });
  const decision = appealAgainstText(openingAppeal(opening), locale);

  function submit(event: FormEvent) {
    event.preventDefault();
    // The server's answer is the truth: the card now lists the appeal, filed and due.
    void send(
      checkAppealForm(fields(reason)),
      { loading: 'appeals.club.sending', failure: 'appeals.club.sendFailed' },
      (value, document) =>
        fileAppeal({
          application_id: application.id,
          ground: value.ground,
          referral_id: value.referral_id,
          reason: value.reason,
          document,
        }),
      'appeals-title',
    );
  }

  return (
    <form noValidate className={styles.form} onSubmit={submit} aria-labelledby={`${formId}-title`}>
      <p id={`${formId}-title`} className={styles.formTitle}>
        {t('appeals.club.formTitle', { decision })}
      </p>
      <ErrorSummary {...form.summary} />
      <Field {...form.field('reason')} label={t('appeals.club.reason')}>
        {(control) => (
          <textarea
            {...control}
            rows={4}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              form.recheck(checkAppealForm(fields(event.target.value)));
            }}
          />
        )}
      </Field>
      <OptionalDocumentField
        id={`${formId}-document`}
        label={t('appeals.club.document')}
        document={attachment}
      />
      <div className={styles.actions}>
        <Button type="submit" block disabled={busy}>
          {t('appeals.club.submit')}
        </Button>
        <Button variant="secondary" block onClick={onCancel}>
          {t('appeals.club.cancel')}
        </Button>
      </div>
    </form>
  );
}
