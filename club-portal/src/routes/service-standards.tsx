import { listServiceStandards } from '@puja/api-client';
import {
  appellateLabel,
  designatedRoleKey,
  standardDaysLabel,
  standardStepLabel,
  type ServiceStandard,
} from '@puja/domain';
import { createFileRoute } from '@tanstack/react-router';
import { errorText, t, useLocale, usePageTitle } from '@puja/web-kit';
import { Card } from '../components/card';
import { ContactLink } from '../components/contact-link';
import styles from './service-standards.module.css';

/** The standards, or the text of why they could not be loaded (the page still says the rules). */
type Loaded = { standards: ServiceStandard[] } | { error: string };

/**
 * Issue 30: the citizen's charter, public (no login) and linked from every page's footer:
 * every step of an application, its time limit in working days, who decides it and who hears
 * appeals (RTPS Act 2013), how the clock counts, and a link to the municipality's contact
 * (the footer's, from config.json).
 */
export const Route = createFileRoute('/service-standards')({
  loader: async (): Promise<Loaded> => {
    try {
      return { standards: await listServiceStandards() };
    } catch (error) {
      return { error: errorText(error, 'standards.fetchFailed') };
    }
  },
  component: ServiceStandardsPage,
});

function ServiceStandardsPage() {
  const locale = useLocale();
  usePageTitle(t('standards.title'));
  const loaded = Route.useLoaderData();
  return (
    <main id="main">
      <Card aria-labelledby="standards-title">
        <h1 id="standards-title">{t('standards.publicTitle')}</h1>
        <p className={styles.intro}>{t('standards.publicIntro')}</p>
        {'error' in loaded ? (
          <p role="alert">{loaded.error}</p>
        ) : loaded.standards.length === 0 ? (
          <p>{t('standards.empty')}</p>
        ) : (
          <ol className={styles.steps}>
            {loaded.standards.map((standard) => (
              <li
                key={standard.agency_id ?? standard.step}
                className={styles.step}
                aria-labelledby={`step-${standard.agency_id ?? standard.step}`}
              >
                <h2 id={`step-${standard.agency_id ?? standard.step}`}>
                  {standardStepLabel(standard, locale)}
                </h2>
                <dl className={styles.facts}>
                  <div>
                    <dt>{t('standards.field.days')}</dt>
                    <dd className={styles.days}>{standardDaysLabel(standard.days, locale)}</dd>
                  </div>
                  <div>
                    <dt>{t('standards.field.designated')}</dt>
                    <dd>{t(designatedRoleKey(standard.designated_role))}</dd>
                  </div>
                  <div>
                    <dt>{t('standards.field.appellate')}</dt>
                    <dd>{appellateLabel(standard, locale)}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ol>
        )}
        <p className={styles.note}>{t('standards.clockNote')}</p>
        <p className={styles.note}>
          {t('standards.appealNote')} {t('standards.reviewingOfficer')}
        </p>
        <ContactLink />
      </Card>
    </main>
  );
}
