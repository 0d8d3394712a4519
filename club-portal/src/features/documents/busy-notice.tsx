import { t } from '@puja/web-kit';
import { Button } from '../../components/button';
import { ProgressBar } from '../../components/progress-bar';
import type { BusyRetry } from './retry-while-busy';

/**
 * "The portal is busy. Your files are safe; sending again in N s." while a call the server was
 * too busy for waits to be sent again, with a button to stop (the failure is then shown).
 */
export function BusyNotice({ retry, className }: { retry: BusyRetry; className?: string }) {
  if (retry.secondsLeft === null) return null;
  return (
    <div role="status" className={className}>
      <p>{t('upload.busyRetrying', { seconds: retry.secondsLeft })}</p>
      <Button variant="secondary" onClick={retry.cancel}>
        {t('common.cancel')}
      </Button>
    </div>
  );
}

/**
 * How a send goes: waiting for the files still uploading, sending again while the server is busy
 * (BusyNotice), then its progress; the apply form, the acknowledgement and the re-uploads alike.
 */
export function SendingStatus({
  waiting,
  busyRetry,
  progress,
  className,
}: {
  waiting: boolean;
  busyRetry: BusyRetry;
  progress: number | undefined;
  className?: string;
}) {
  return (
    <>
      {waiting ? (
        <p role="status" className={className}>
          {t('upload.waiting')}
        </p>
      ) : null}
      <BusyNotice retry={busyRetry} className={className} />
      {progress !== undefined ? (
        <ProgressBar value={progress} label={t('upload.progress')} />
      ) : null}
    </>
  );
}
