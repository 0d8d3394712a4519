import { Link } from '@tanstack/react-router';
import { t } from '@puja/web-kit';
import { buttonClass } from '../../components/button';

/**
 * A registration just confirmed (by the mailed link or the SMS code): the club's name, that it
 * may now log in, and the way to the login.
 */
export function RegistrationConfirmed({ club }: { club: string }) {
  return (
    <>
      <p role="status">
        <strong>{club}</strong>
        <br />
        {t('registration.confirmed')}
      </p>
      <Link className={buttonClass('primary', true)} to="/login">
        {t('registration.goToLogin')}
      </Link>
    </>
  );
}
