import { logout } from '@puja/api-client';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { LanguageSwitch, t, useLocale, useSession } from '@puja/web-kit';
import { Button } from '../../components/button';
import { Modal } from '../../components/modal';
import { hasUnsavedEdits } from '../../lib/unsaved-edits';
import styles from './header.module.css';
import { Logo } from './logo';

/** SPEC §2 public/club layout: blue header, title and logo, links by session, a mobile drawer. */
export function Header() {
  useLocale();
  const session = useSession();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // The drawer is open on the page it was opened on: going to another page closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  // Logging out removes an unsent application from the phone: asked first (issue 27).
  const [confirmLogout, setConfirmLogout] = useState(false);
  const logOut = () => {
    setConfirmLogout(false);
    void logout();
    void navigate({ to: '/login' });
  };

  const isClub = session?.role === 'club';
  const links = (
    <ul>
      <li>
        <Link to="/">{t('nav.home')}</Link>
      </li>
      {isClub ? (
        <>
          <li>
            <Link to="/club/dashboard">{t('nav.dashboard')}</Link>
          </li>
          <li>
            <Link to="/club/account">{t('nav.account')}</Link>
          </li>
          <li>
            <button
              type="button"
              onClick={() => (hasUnsavedEdits() ? setConfirmLogout(true) : logOut())}
            >
              {t('nav.logout')}
            </button>
          </li>
        </>
      ) : (
        <>
          <li>
            <Link to="/login">{t('nav.clubLogin')}</Link>
          </li>
          <li>
            <Link to="/register">{t('nav.registerClub')}</Link>
          </li>
        </>
      )}
    </ul>
  );

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Link to="/" className={styles.brand}>
          <Logo />
          <span>{t('app.title')}</span>
        </Link>
        <div className={styles.actions}>
          <nav className={styles.nav} aria-label={t('nav.menu')}>
            {links}
          </nav>
          <LanguageSwitch className={styles.language} />
          <button
            type="button"
            className={styles.menuButton}
            aria-expanded={open}
            aria-controls="site-drawer"
            onClick={() => setOpenOn(open ? null : pathname)}
          >
            {t('nav.menu')}
          </button>
        </div>
      </div>
      <nav
        id="site-drawer"
        className={`${styles.nav} ${styles.drawer} ${open ? styles.open : ''}`}
        aria-label={t('nav.menu')}
        hidden={!open}
      >
        {links}
      </nav>
      <Modal
        open={confirmLogout}
        title={t('logout.unsaved.title')}
        onClose={() => setConfirmLogout(false)}
      >
        <p>{t('logout.unsaved.body')}</p>
        <div className={styles.confirmActions}>
          <Button variant="secondary" onClick={() => setConfirmLogout(false)}>
            {t('logout.unsaved.stay')}
          </Button>
          <Button onClick={logOut}>{t('logout.unsaved.confirm')}</Button>
        </div>
      </Modal>
    </header>
  );
}
