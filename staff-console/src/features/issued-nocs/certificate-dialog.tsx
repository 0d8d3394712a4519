import { Button, Group, Modal, Text } from '@mantine/core';
import { createPortal } from 'react-dom';
import {
  CERTIFICATE_LANGUAGES,
  certificateLetter,
  certificateVerification,
  type Application,
  type CertificateLetter,
  type CertificateVerification,
  type Locale,
} from '@puja/domain';
import { CertificateSheet, t, useLocale } from '@puja/web-kit';
import { clubPortalUrl, municipalityName } from '../../lib/app-config';
import classes from './certificate-print.module.css';

/** One sheet of a certificate: the letter in one language and its verification block. */
interface Sheet {
  language: Locale;
  letter: CertificateLetter;
  verification: CertificateVerification | null;
}

/** The sheets, one A4 page each; a sheet in another language than the page says so (`lang`). */
function Sheets({ sheets, locale }: { sheets: readonly Sheet[]; locale: Locale }) {
  return sheets.map(({ language, letter, verification }) => (
    <CertificateSheet
      key={language}
      letter={letter}
      verification={verification}
      lang={language === locale ? undefined : language}
    />
  ));
}

/** The printable certificate of an issued NOC (Issued NOCs' per-row action). */
export function CertificateDialog({
  app,
  onClose,
}: {
  app: Application | null;
  onClose: () => void;
}) {
  const locale = useLocale();
  // In Bengali, the same letter follows in English for the police, fire and S.D.O. offices.
  const sheets = CERTIFICATE_LANGUAGES[locale].flatMap((language): Sheet[] => {
    const letter = app ? certificateLetter(app, municipalityName(), language) : null;
    if (!app || !letter) return [];
    return [
      { language, letter, verification: certificateVerification(app, clubPortalUrl(), language) },
    ];
  });
  const letter = sheets[0]?.letter ?? null;
  return (
    <Modal opened={app !== null} onClose={onClose} size="auto" title={t('certificate.title')}>
      {letter === null ? (
        <Text>{t('certificate.notIssued')}</Text>
      ) : (
        <>
          <Group justify="flex-end" mb="sm">
            <Button onClick={() => window.print()}>{t('certificate.print')}</Button>
          </Group>
          <Sheets sheets={sheets} locale={locale} />
          {/* What the printer gets: the sheets alone from the top of the page, one A4 page each. */}
          {createPortal(
            <div className={`certificate-print ${classes.printRoot}`}>
              <Sheets sheets={sheets} locale={locale} />
            </div>,
            document.body,
          )}
        </>
      )}
    </Modal>
  );
}
