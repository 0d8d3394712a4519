import { Link } from '@tanstack/react-router';
import { SheetToolbar, t } from '@puja/web-kit';
import { Button, buttonClass } from '../../../components/button';
import { printThenClose } from '../../../lib/print';

/** A printed sheet's toolbar: back to the dashboard, and Print Now while there is a sheet. */
export function PrintToolbar({ printable }: { printable: boolean }) {
  return (
    <SheetToolbar>
      <Link to="/club/dashboard" className={buttonClass('secondary')}>
        {t('acknowledgement.back')}
      </Link>
      {printable ? <Button onClick={printThenClose}>{t('acknowledgement.printNow')}</Button> : null}
    </SheetToolbar>
  );
}
