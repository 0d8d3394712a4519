import {
  listClubs,
  registerClub,
  registrationAwaitsConfirmation,
  type CodeRequest,
} from '@puja/api-client';
import {
  checkRegistrationForm,
  ERROR_SUMMARY_TITLE,
  PRIVACY_NOTICE_VERSION,
  MIN_PASSWORD_LENGTH,
  type ClubPickerState,
  type MessageKey,
} from '@puja/domain';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import {
  errorText,
  notify,
  outcomeText,
  t,
  useFormErrors,
  useLocale,
  usePageTitle,
  withToast,
} from '@puja/web-kit';
import { buttonClass } from '../components/button';
import { Card } from '../components/card';
import { CheckedForm } from '../components/checked-form';
import { FocusedCard } from '../components/focused-card';
import { ContactLink } from '../components/contact-link';
import { Field } from '../components/field';
import { TextField } from '../components/text-field';
import { WardField } from '../components/ward-field';
import { at } from '../lib/account-text';
import { PrivacyNotice, usePrivacyNoticeFacts } from '../features/account/privacy-notice';
import { ClubPicker } from '../features/registration/club-picker';
import { EnterCode } from '../features/registration/enter-code';
import { tutorialVideoUrl } from '../lib/app-config';
import { useFormValues, type FormValues } from '../lib/use-form-values';
import columns from '../components/columns.module.css';
import styles from './register.module.css';

export const Route = createFileRoute('/register')({
  // SPEC §7: a failed club list shows an empty list and says "Could not fetch clubs."
  loader: () =>
    listClubs({
      onError: (error) => void notify.error(() => errorText(error, 'clubs.fetchFailed')),
    }),
  component: RegisterPage,
});

/** SPEC §2 side panel: the documents the application will need. */
const REQUIRED_DOCUMENTS: readonly MessageKey[] = [
  'registration.document.chairmanApplication',
  'registration.document.sdoPermission',
  'registration.document.committeeList',
  'registration.document.budget',
  'registration.document.land',
];

const EMPTY = {
  govt_register_no: '',
  email: '',
  phone: '',
  address: '',
  ward_no: '',
  password: '',
};

/** SPEC §2 Club Registration. */
function RegisterPage() {
  useLocale();
  usePageTitle(t('registration.title'));
  const clubs = Route.useLoaderData();
  const navigate = useNavigate();
  const form = useFormErrors('register');
  const [picker, setPicker] = useState<ClubPickerState>({ query: '', selected: null });
  /** The form checked with the club picked (the picker keeps its own state). */
  const check = (values: typeof EMPTY, chosen = picker) =>
    checkRegistrationForm({ ...values, club_id: chosen.selected?.id ?? '' });
  const fields = useFormValues(form, EMPTY, check);
  const [busy, setBusy] = useState(false);
  // Our server registers once the mailed link is opened (decision 0028): until then, this.
  const [sent, setSent] = useState<{ email: string; club: string } | null>(null);
  // Where SMS confirms registrations (decision 0034): the code sent to the phone, then this.
  const [codeSent, setCodeSent] = useState<{ request: CodeRequest; club: string } | null>(null);
  const choose = (next: ClubPickerState) => {
    setPicker(next);
    form.recheck(check(fields.values, next));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    // Issue 27: a club with an account is taken over, not registered again.
    if (picker.selected?.registered) {
      form.check({
        ok: false,
        summary: ERROR_SUMMARY_TITLE,
        errors: [{ field: 'club_id', message: 'registration.alreadyRegistered' }],
      });
      return;
    }
    // Every problem at once (GOV.UK): the summary lists them all, each field says its own.
    const checked = check(fields.values);
    if (!form.check(checked)) return;
    setBusy(true);
    const result = await withToast(
      {
        loading: 'registration.loading',
        failure: 'registration.unknownError',
        success: outcomeText,
      },
      // The privacy notice this page shows goes with the registration (DPDP Act 2023, s. 5).
      () => registerClub(checked.value, { privacyNotice: PRIVACY_NOTICE_VERSION }),
      { form: 'register' },
    );
    setBusy(false);
    if (!result.ok) return form.failed(result.text);
    if (result.value.code) {
      setCodeSent({ request: result.value.code, club: picker.selected?.clubname ?? '' });
    } else if (registrationAwaitsConfirmation(result.value)) {
      setSent({ email: checked.value.email, club: picker.selected?.clubname ?? '' });
    } else await navigate({ to: '/login' });
  }

  if (codeSent) return <EnterCode request={codeSent.request} club={codeSent.club} />;
  if (sent) return <CheckEmail email={sent.email} club={sent.club} />;

  return (
    <main id="main">
      <h1>{t('registration.title')}</h1>
      <div className={styles.layout}>
        <RequiredDocuments />
        <Card>
          <CheckedForm form={form} onSubmit={submit} busy={busy} submit={t('registration.submit')}>
            {/* Club inactive, already registered: the spec's text, and whom to contact. */}
            <ContactLink beside={form.summary.entries} />
            <Field
              id={form.idFor('club_id')}
              label={t('registration.field.club')}
              error={form.errorFor('club_id')}
            >
              {(control) => (
                <ClubPicker clubs={clubs} state={picker} onChange={choose} control={control} />
              )}
            </Field>
            {picker.selected?.registered ? (
              <p className={styles.taken} role="status">
                {at('account.registeredNote', { club: picker.selected.clubname })}
              </p>
            ) : null}
            <TextField
              {...fields.field('govt_register_no')}
              label={t('registration.field.govtRegisterNo')}
            />
            <AccountFields fields={fields} />
            <RegistrationPrivacyNotice />
          </CheckedForm>
          <p>
            <Link to="/login">{t('registration.loginLink')}</Link>
          </p>
        </Card>
      </div>
    </main>
  );
}

/** The documents a club needs (SPEC §2) and the tutorial video, beside the form. */
function RequiredDocuments() {
  const videoUrl = tutorialVideoUrl();
  return (
    <Card className={styles.side} aria-labelledby="documents-title">
      <h2 id="documents-title">{t('registration.requiredDocumentsTitle')}</h2>
      <ul>
        {REQUIRED_DOCUMENTS.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
      {videoUrl ? (
        <a className={styles.video} href={videoUrl} target="_blank" rel="noreferrer">
          {t('registration.tutorialVideo')}
        </a>
      ) : null}
    </Card>
  );
}

/** The account's own fields: e-mail, phone, address, ward and password. */
function AccountFields({ fields }: { fields: FormValues<typeof EMPTY> }) {
  const address = fields.field('address');
  return (
    <>
      <div className={columns.pair}>
        <TextField {...fields.field('email')} label={t('registration.field.email')} kind="email" />
        <TextField
          {...fields.field('phone')}
          label={t('registration.field.phone')}
          hint={t('form.hint.phone')}
          kind="phone"
        />
      </div>
      <Field id={address.id} label={t('registration.field.address')} error={address.error}>
        {(control) => (
          <textarea
            {...control}
            autoComplete="street-address"
            value={address.value}
            onChange={(event) => address.onValueChange(event.target.value)}
          />
        )}
      </Field>
      <div className={columns.pair}>
        <WardField {...fields.field('ward_no')} label={t('registration.field.wardNo')} />
        <TextField
          {...fields.field('password')}
          label={t('registration.field.password')}
          hint={t('form.hint.password', { count: MIN_PASSWORD_LENGTH })}
          kind="newPassword"
        />
      </div>
    </>
  );
}

/** Issue 27: the privacy notice shown where the club gives its details, opened on demand. */
function RegistrationPrivacyNotice() {
  const facts = usePrivacyNoticeFacts();
  return (
    <details className={styles.privacy}>
      <summary>{at('account.privacy.atRegistration')}</summary>
      <PrivacyNotice level={3} retentionSeasons={facts?.retentionSeasons ?? null} />
      <p>
        <Link to="/privacy" target="_blank">
          {t('nav.privacy')}
        </Link>
      </p>
    </details>
  );
}

/** After registering: the link is in the mail; nothing is registered until it is opened. */
function CheckEmail({ email, club }: { email: string; club: string }) {
  useLocale();
  // The page changed under a screen reader's feet: it starts reading from the new heading.
  return (
    <FocusedCard titleId="check-email-title" title={t('registration.checkEmailTitle')}>
      <p>{t('registration.checkEmailBody', { email, club })}</p>
      <p>{t('registration.checkEmailSpam')}</p>
      <Link className={buttonClass('secondary', true)} to="/login">
        {t('registration.goToLogin')}
      </Link>
    </FocusedCard>
  );
}
