import { Button, Group, Modal, Text } from '@mantine/core';
import { certificateLetter, certificateVerification, type Application } from '@puja/domain';
import { clubPortalUrl, municipalityName } from '../../lib/app-config';
import { t } from '../../lib/t';
import { CertificateSheet } from './certificate-sheet';

/** The printable certificate of an issued NOC (Issued NOCs' per-row action). */
export function CertificateDialog({
  app,
  onClose,
}: {
  app: Application | null;
  onClose: () => void;
}) {
  const letter = app ? certificateLetter(app, municipalityName()) : null;
  const verification = app ? certificateVerification(app, clubPortalUrl()) : null;
  return (
    <Modal opened={app !== null} onClose={onClose} size="auto" title={t('certificate.title')}>
      {letter === null ? (
        <Text>{t('certificate.notIssued')}</Text>
      ) : (
        <>
          <Group justify="flex-end" mb="sm">
            <Button onClick={() => window.print()}>{t('certificate.print')}</Button>
          </Group>
          <CertificateSheet letter={letter} verification={verification} />
        </>
      )}
    </Modal>
  );
}
