import { listServiceStandards } from '@puja/api-client';
import {
  seasonYearOf,
  totalWorkingDays,
  formatDate,
  formatRegNo,
  landTypeLabel,
  type Application,
  type Locale,
  type MessageKey,
} from '@puja/domain';
import { createFileRoute } from '@tanstack/react-router';
import { A4Sheet, t, useDigits, useLocale, usePageTitle } from '@puja/web-kit';
import { Card } from '../../components/card';
import { municipalityName } from '../../lib/app-config';
import { PrintToolbar } from './-components/print-toolbar';
import { loadApplicationOfYear } from './-load-my-application';
import { validateYearSearch } from './-year-search';
import styles from './print.module.css';

export const Route = createFileRoute('/club/print-acknowledgement')({
  // `?year=`: an earlier season's application still under review (issue 27).
  validateSearch: validateYearSearch,
  loaderDeps: ({ search }) => ({ year: search.year }),
  loader: async ({ context, deps: { year } }) => {
    const [mine, standards] = await Promise.all([
      loadApplicationOfYear(context, year),
      // Issue 30: the time frame the sheet states; without it the sheet says nothing of it.
      listServiceStandards().catch(() => []),
    ]);
    return { ...mine, timeFrameDays: standards.length > 0 ? totalWorkingDays(standards) : null };
  },
  component: PrintAcknowledgementPage,
});

function Rows({ rows }: { rows: [string, string | number | null][] }) {
  return (
    <table className={styles.table}>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>
              {value === null || String(value).trim() === '' ? t('date.notAvailable') : value}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function person(name: string, phone: string): string {
  return t('acknowledgement.person', { name, phone });
}

/** SPEC §2 Print Acknowledgement: the A4 sheet the club signs, stamps and uploads. */
function PrintAcknowledgementPage() {
  const locale = useLocale();
  usePageTitle(t('pageTitle.printAcknowledgement'));
  const { application, timeFrameDays } = Route.useLoaderData();
  return (
    <main id="main">
      <PrintToolbar printable={Boolean(application)} />
      {application ? (
        <AcknowledgementSheet app={application} locale={locale} timeFrameDays={timeFrameDays} />
      ) : (
        <Card narrow>
          <h1>{t('acknowledgement.notFound')}</h1>
        </Card>
      )}
    </main>
  );
}

const DOCUMENTS: readonly MessageKey[] = [
  'document.chairman_application_certificate',
  'document.certificate',
  'document.puja_committee',
  'document.puja_budget',
];

function AcknowledgementSheet({
  app,
  locale,
  timeFrameDays,
}: {
  app: Application;
  locale: Locale;
  /** Issue 30: the working days the whole application takes (the service standards). */
  timeFrameDays: number | null;
}) {
  const title = t('applyNoc.title', { year: seasonYearOf(app) });
  const landType = t(landTypeLabel(app.land_type));
  const submitted = t('acknowledgement.documentSubmitted');
  const digits = useDigits();
  return (
    <A4Sheet label={title}>
      <header className={styles.head}>
        <h1>{title}</h1>
        <p>{municipalityName()}</p>
      </header>
      <section className={styles.section}>
        <h2>{t('acknowledgement.summary')}</h2>
        <Rows
          rows={[
            [t('clubDashboard.applicationNo'), digits(app.reg_no ? formatRegNo(app.reg_no) : null)],
            [t('clubDashboard.applyingYear'), digits(app.apply_year)],
            [t('clubDashboard.applicationDate'), formatDate(app.created_at, locale)],
          ]}
        />
      </section>
      <section className={styles.section}>
        <h2>{t('acknowledgement.clubAndPuja')}</h2>
        <Rows
          rows={[
            [t('acknowledgement.clubName'), app.club_name],
            [t('acknowledgement.pujaWardNo'), digits(app.puja_location_ward_no)],
            [t('acknowledgement.pujaLocation'), app.puja_location_address],
            [t('acknowledgement.contactEmail'), app.email],
          ]}
        />
      </section>
      <section className={styles.section}>
        <h2>{t('acknowledgement.authorities')}</h2>
        <Rows
          rows={[
            [
              t('acknowledgement.clubPresident'),
              person(app.club_president_name, digits(app.club_president_phone)),
            ],
            [
              t('acknowledgement.clubSecretary'),
              person(app.club_secrety_name, digits(app.club_secrety_phone)),
            ],
            [
              t('acknowledgement.pujaPresident'),
              person(app.puja_presient_name, digits(app.puja_presient_phone)),
            ],
            [
              t('acknowledgement.pujaSecretary'),
              person(app.puja_secretary_name, digits(app.puja_secretary_phone)),
            ],
          ]}
        />
      </section>
      <section className={styles.section}>
        <h2>{t('acknowledgement.documents')}</h2>
        <Rows
          rows={[
            ...DOCUMENTS.map((key): [string, string] => [t(key), submitted]),
            [t('acknowledgement.landDocument', { landType }), submitted],
          ]}
        />
      </section>
      {timeFrameDays === null ? null : (
        <p className={styles.declaration}>
          {t('acknowledgement.timeFrame', { days: timeFrameDays })}
        </p>
      )}
      <p className={styles.declaration}>{t('acknowledgement.declaration')}</p>
      <div className={styles.signOff}>
        {/* Issue 27: the office stamps the paper it receives, and writes who and when. */}
        <div className={styles.stamp} aria-label={t('acknowledgement.stamp')} role="group">
          <p>{t('acknowledgement.stamp')}</p>
          <p className={styles.line}>{t('acknowledgement.stampName')}:</p>
          <p className={styles.line}>{t('acknowledgement.stampDate')}:</p>
        </div>
        <div className={styles.signature}>
          <span>{t('acknowledgement.signature')}</span>
        </div>
      </div>
    </A4Sheet>
  );
}
