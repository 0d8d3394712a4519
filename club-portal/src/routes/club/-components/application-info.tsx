import { formatRegNo, formatShortDate, type Application } from '@puja/domain';
import { t, useDigits, useLocale } from '@puja/web-kit';
import { Card } from '../../../components/card';
import columns from '../../../components/columns.module.css';
import styles from './application-info.module.css';

function Row({ label, value }: { label: string; value: string | number | null | undefined }) {
  const text = value === null || value === undefined || String(value).trim() === '' ? null : value;
  return (
    <div>
      <dt>{label}</dt>
      <dd>{text ?? t('date.notAvailable')}</dd>
    </div>
  );
}

/** SPEC §2 full dashboard: the Application Info and Club Details cards ("N/A" when missing). */
export function ApplicationInfo({ application: app }: { application: Application }) {
  const locale = useLocale();
  const digits = useDigits();
  return (
    <div className={columns.pair}>
      <Card aria-labelledby="info-title">
        <h2 id="info-title">{t('clubDashboard.applicationInfo')}</h2>
        <dl className={styles.list}>
          <Row
            label={t('clubDashboard.applicationNo')}
            value={digits(app.reg_no ? formatRegNo(app.reg_no) : null)}
          />
          <Row
            label={t('clubDashboard.applicationDate')}
            value={formatShortDate(app.created_at, locale)}
          />
          <Row label={t('clubDashboard.applyingYear')} value={digits(app.apply_year)} />
        </dl>
      </Card>
      <Card aria-labelledby="club-title">
        <h2 id="club-title">{t('clubDashboard.clubDetails')}</h2>
        <dl className={styles.list}>
          <Row label={t('clubDashboard.email')} value={app.email} />
          <Row label={t('clubDashboard.phone')} value={digits(app.phone)} />
          <Row label={t('clubDashboard.pujaWardNo')} value={digits(app.puja_location_ward_no)} />
          <Row label={t('clubDashboard.govtRegisterNo')} value={digits(app.govt_register_no)} />
          <Row label={t('clubDashboard.pujaLocation')} value={app.puja_location_address} />
        </dl>
      </Card>
    </div>
  );
}
