import { documentUrl } from '@puja/api-client';
import { clubDocuments, documentsRemoved, type Application } from '@puja/domain';
import { t } from '@puja/web-kit';
import { Card } from '../../../components/card';
import styles from './club-documents.module.css';
import { idScope } from './id-scope';

/**
 * "Your documents" (issue 27): every document the club uploaded, the rejected one included,
 * each opening in a new tab through the signed link the server gave the club with its own
 * application (nobody else's application carries those links).
 */
export function ClubDocuments({
  application,
  earlier = false,
}: {
  application: Application;
  /** An earlier season's application beside this season's (issue 27): ids of its own. */
  earlier?: boolean;
}) {
  const scope = idScope(application, earlier);
  const documents = clubDocuments(application);
  return (
    <Card aria-labelledby={`documents-title${scope}`}>
      <h2 id={`documents-title${scope}`}>{t('clubDocuments.title')}</h2>
      {documentsRemoved(application) ? (
        <p>{t('applications.history.purgeDocuments')}</p>
      ) : (
        <ul className={styles.list}>
          {documents.map(({ field, label, path, rejected }) => (
            <li key={field}>
              <a href={documentUrl(path)} target="_blank" rel="noreferrer">
                {t('clubDocuments.open', { document: t(label) })}
              </a>
              {rejected ? (
                <span className={styles.rejected}> ({t('clubDocuments.rejected')})</span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
