import { readPrivacyNotice } from '@puja/api-client';
import { localiseDigits, PRIVACY_NOTICE_SECTIONS, PRIVACY_NOTICE_VERSION } from '@puja/domain';
import { useEffect, useState } from 'react';
import { t, useLocale } from '@puja/web-kit';
import { municipalityName } from '../../lib/app-config';
import { at } from '../../lib/account-text';

/**
 * The privacy notice (issue 27, DPDP Act 2023 s. 5) in the chosen language: what the portal
 * keeps, why, for how long, who sees it and whom to write to. `retentionSeasons` is the
 * server's DOCUMENT_RETENTION_SEASONS (null from a host that does not say: its default, 3).
 * Headings start at `level`.
 */
export function PrivacyNotice({
  retentionSeasons,
  level = 2,
}: {
  retentionSeasons: number | null;
  level?: 2 | 3;
}) {
  const locale = useLocale();
  const Heading = level === 2 ? 'h2' : 'h3';
  const municipality = municipalityName() || t('app.municipality');
  const params = {
    municipality,
    seasons: retentionSeasons ?? 3,
    contact: municipality,
    // The notice is this app's text: its version is the app's (what a registration records).
    version: localiseDigits(PRIVACY_NOTICE_VERSION, locale),
  };
  return (
    <>
      <p>{at('account.privacy.intro', params)}</p>
      {PRIVACY_NOTICE_SECTIONS.map(([title, text]) => (
        <section key={title}>
          <Heading>{at(title)}</Heading>
          <p>{at(text, params)}</p>
        </section>
      ))}
      <p>
        <small>{at('account.privacy.version', params)}</small>
      </p>
    </>
  );
}

/** What the notice needs from the server (retention seasons), once; null until it answers. */
export function usePrivacyNoticeFacts() {
  const [facts, setFacts] = useState<Awaited<ReturnType<typeof readPrivacyNotice>>>(null);
  useEffect(() => {
    let current = true;
    void readPrivacyNotice().then((answer) => current && setFacts(answer));
    return () => {
      current = false;
    };
  }, []);
  return facts;
}
