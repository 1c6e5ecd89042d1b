import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useServices } from '../context.js';
import { FullPageLoader } from '../kit/FullPageLoader.js';
import { takeSsoCookies } from '../session/sso.js';
import { useFinishSignIn } from '../session/useFinishSignIn.js';

/**
 * /app/sso/return: the single sign-on callback left the token pair in cookies; this
 * page takes them and carries on exactly as a password login, or goes to the login page.
 */
export function SsoReturnPage() {
  const { t } = useTranslation('staff');
  const { session } = useServices();
  const navigate = useNavigate();
  const finishSignIn = useFinishSignIn();
  const taken = useRef(false);

  useEffect(() => {
    // Once: the cookies are deleted as they are read (and StrictMode runs effects twice).
    if (taken.current) return;
    taken.current = true;
    const toLogin = () => void navigate('/login', { replace: true });
    const pair = takeSsoCookies(document);
    if (!pair) return toLogin();
    let state;
    try {
      state = session.signIn(pair, { strategy: 'sso' });
    } catch {
      return toLogin();
    }
    void finishSignIn(state, () => session.logout()).then((done) => {
      if (!done) toLogin();
    });
  }, [session, navigate, finishSignIn]);

  return <FullPageLoader label={t('shell.loading')} />;
}
