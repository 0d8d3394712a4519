import { Button, Group, Modal, Text } from '@mantine/core';
import { createPortal } from 'react-dom';
import {
  CERTIFICATE_LANGUAGES,
  certificateLetter,
  certificateVerification,
  type Application,
} from '@puja/domain';
import { clubPortalUrl, municipalityName } from '../../lib/app-config';
import { t, useLocale } from '../../lib/t';
import { CertificateSheets, PRINT_ROOT_CLASS, type Sheet } from './certificate-sheet';

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
          <CertificateSheets sheets={sheets} locale={locale} />
          {/* What the printer gets: the sheets alone from the top of the page, outside the
              modal's fixed, scrolling and transformed boxes, one A4 page each. */}
          {createPortal(
            <div className={PRINT_ROOT_CLASS}>
              <CertificateSheets sheets={sheets} locale={locale} />
            </div>,
            document.body,
          )}
        </>
      )}
    </Modal>
  );
}
