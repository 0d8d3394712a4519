import { registerClub } from '@puja/api-client';
import {
  WARD_NUMBERS,
  checkRegistrationForm,
  type ClubPickerState,
  type MessageKey,
} from '@puja/domain';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { ErrorSummary, outcomeText, t, useFormErrors, useLocale, withToast } from '@puja/web-kit';
import { Button } from '../components/button';
import { Card } from '../components/card';
import { Field } from '../components/field';
import { ClubPicker } from '../features/registration/club-picker';
import { tutorialVideoUrl } from '../lib/app-config';
import styles from './register.module.css';

const route = getRouteApi('/register');

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
export function RegisterPage() {
  useLocale();
  const clubs = route.useLoaderData();
  const navigate = useNavigate();
  const form = useFormErrors('register');
  const [picker, setPicker] = useState<ClubPickerState>({ query: '', selected: null });
  const [values, setValues] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const videoUrl = tutorialVideoUrl();
  const set = (name: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setValues({ ...values, [name]: event.target.value });

  async function submit(event: FormEvent) {
    event.preventDefault();
    // Every problem at once (GOV.UK): the summary lists them all, each field says its own.
    const checked = checkRegistrationForm({ ...values, club_id: picker.selected?.id ?? '' });
    if (!form.check(checked)) return;
    setBusy(true);
    const result = await withToast(
      {
        loading: 'registration.loading',
        failure: 'registration.unknownError',
        success: outcomeText,
      },
      () => registerClub(checked.value),
      { form: 'register' },
    );
    setBusy(false);
    if (result.ok) await navigate({ to: '/login' });
    else form.failed(result.text);
  }

  return (
    <main id="main">
      <h1>{t('registration.title')}</h1>
      <div className={styles.layout}>
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
        <Card>
          <form noValidate onSubmit={submit}>
            <ErrorSummary {...form.summary} />
            <Field
              id={form.idFor('club_id')}
              label={t('registration.field.club')}
              error={form.errorFor('club_id')}
            >
              {({ id, ...control }) => (
                <ClubPicker
                  id={id}
                  clubs={clubs}
                  state={picker}
                  onChange={setPicker}
                  control={control}
                />
              )}
            </Field>
            <Field
              id={form.idFor('govt_register_no')}
              label={t('registration.field.govtRegisterNo')}
              error={form.errorFor('govt_register_no')}
            >
              {(control) => (
                <input
                  {...control}
                  value={values.govt_register_no}
                  onChange={set('govt_register_no')}
                />
              )}
            </Field>
            <div className={styles.row}>
              <Field
                id={form.idFor('email')}
                label={t('registration.field.email')}
                error={form.errorFor('email')}
              >
                {(control) => (
                  <input
                    {...control}
                    type="email"
                    autoComplete="email"
                    inputMode="email"
                    value={values.email}
                    onChange={set('email')}
                  />
                )}
              </Field>
              <Field
                id={form.idFor('phone')}
                label={t('registration.field.phone')}
                error={form.errorFor('phone')}
              >
                {(control) => (
                  <input
                    {...control}
                    type="tel"
                    autoComplete="tel"
                    inputMode="tel"
                    value={values.phone}
                    onChange={set('phone')}
                  />
                )}
              </Field>
            </div>
            <Field
              id={form.idFor('address')}
              label={t('registration.field.address')}
              error={form.errorFor('address')}
            >
              {(control) => (
                <textarea
                  {...control}
                  autoComplete="street-address"
                  value={values.address}
                  onChange={set('address')}
                />
              )}
            </Field>
            <div className={styles.row}>
              <Field
                id={form.idFor('ward_no')}
                label={t('registration.field.wardNo')}
                error={form.errorFor('ward_no')}
              >
                {(control) => (
                  <select {...control} value={values.ward_no} onChange={set('ward_no')}>
                    <option value="">{t('form.selectWard')}</option>
                    {WARD_NUMBERS.map((ward) => (
                      <option key={ward} value={ward}>
                        {ward}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field
                id={form.idFor('password')}
                label={t('registration.field.password')}
                error={form.errorFor('password')}
              >
                {(control) => (
                  <input
                    {...control}
                    type="password"
                    autoComplete="new-password"
                    value={values.password}
                    onChange={set('password')}
                  />
                )}
              </Field>
            </div>
            <Button type="submit" block disabled={busy}>
              {t('registration.submit')}
            </Button>
          </form>
          <p>
            <Link to="/login">{t('registration.loginLink')}</Link>
          </p>
        </Card>
      </div>
    </main>
  );
}
