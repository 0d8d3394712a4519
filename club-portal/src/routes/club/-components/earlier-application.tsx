import { clubDashboardStage, formatRegNo, seasonYearOf, type Application } from '@puja/domain';
import { t, useDigits } from '@puja/web-kit';
import { Card } from '../../../components/card';
import { ActionRequired } from './action-required';
import { ClubDocuments } from './club-documents';
import { ProgressTracker } from './progress-tracker';

/** The id of an earlier application's heading: "Previous seasons" links to it. */
export const earlierTitleId = (application: Pick<Application, 'id'>) =>
  `earlier-title-${application.id}`;

/**
 * An earlier season's application still under review beside this season's (issue 27: since a
 * season change no longer freezes it, the club goes on with it): the same actions as this
 * season's where they apply (upload its signed acknowledgement, or track it and re-upload a
 * rejected document) and its documents. Once issued, "Previous seasons" prints its certificate.
 */
export function EarlierApplication({ application }: { application: Application }) {
  const digits = useDigits();
  const year = seasonYearOf(application);
  const acknowledging = clubDashboardStage(application) === 'awaitingAcknowledgement';
  return (
    <section aria-labelledby={earlierTitleId(application)}>
      <Card narrow>
        <h2 id={earlierTitleId(application)} tabIndex={-1}>
          {t('seasons.pastApplication', { year })}: {t('seasons.result.underReview')}
        </h2>
        {/* Action Required says the number itself. */}
        {acknowledging ? null : (
          <p>
            {t('clubDashboard.applicationNo')}:{' '}
            <strong>{digits(formatRegNo(application.reg_no))}</strong>
          </p>
        )}
      </Card>
      {acknowledging ? (
        <ActionRequired application={application} earlier />
      ) : (
        <ProgressTracker application={application} earlier />
      )}
      <ClubDocuments application={application} earlier />
    </section>
  );
}
