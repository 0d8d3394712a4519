import { Button, Group, Modal, Text } from '@mantine/core';
import { createPortal } from 'react-dom';
import { CERTIFICATE_LANGUAGES, certificateLetter, type Application } from '@puja/domain';
import { municipalityName } from '../../lib/app-config';
import { t, useLocale } from '../../lib/t';
import { CertificateSheets, PRINT_ROOT_CLASS } from './certificate-sheet';

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
  const letters = CERTIFICATE_LANGUAGES[locale].flatMap((language) => {
    const letter = app ? certificateLetter(app, municipalityName(), language) : null;
    return letter ? [{ language, letter }] : [];
  });
  const letter = letters[0]?.letter ?? null;
  return (
    <Modal opened={app !== null} onClose={onClose} size="auto" title={t('certificate.title')}>
      {letter === null ? (
        <Text>{t('certificate.notIssued')}</Text>
      ) : (
        <>
          <Group justify="flex-end" mb="sm">
            <Button onClick={() => window.print()}>{t('certificate.print')}</Button>
          </Group>
          <CertificateSheets letters={letters} locale={locale} />
          {/* What the printer gets: the sheets alone at the top of the page, outside the
              modal's fixed, scrolling frame (which printed as one blank page). */}
          {createPortal(
            <div className={PRINT_ROOT_CLASS}>
              <CertificateSheets letters={letters} locale={locale} />
            </div>,
            document.body,
          )}
        </>
      )}
    </Modal>
  );
}
