import { t } from '@puja/web-kit';
import { Button } from '../../components/button';
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
