import { verifyNoc } from '@puja/api-client';
import { createFileRoute, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { errorText, t, useLocale, usePageTitle } from '@puja/web-kit';
import { Button } from '../../components/button';
import { ResultLayout, Verdict } from './-components/verdict';
import styles from './-components/verify.module.css';

/** Issue 12: the answer for one code; a withdrawal shows at once (never an earlier answer). */
export const Route = createFileRoute('/verify/$code')({
  loader: ({ params }) => verifyNoc({ code: params.code }),
  staleTime: 0,
  gcTime: 0,
  component: VerifyResultPage,
  pendingComponent: VerifyPendingPage,
  errorComponent: VerifyErrorPage,
});

/** Issue 12: the answer for one code, readable in sunlight: a large VALID or NOT VALID. */
function VerifyResultPage() {
  useLocale();
  usePageTitle(t('verify.title'));
  const verification = Route.useLoaderData();
  const { code } = Route.useParams();
  return (
    <ResultLayout code={code}>
      <Verdict verification={verification} />
    </ResultLayout>
  );
}

/** While the server answers. */
function VerifyPendingPage() {
  useLocale();
  usePageTitle(t('verify.title'));
  const { code } = Route.useParams();
  return (
    <ResultLayout code={code}>
      <p className={styles.checking} role="status">
        {t('verify.checking')}
      </p>
    </ResultLayout>
  );
}

/** The server could not be asked (offline, rate-limited, down): say so, offer to try again. */
function VerifyErrorPage({ error }: ErrorComponentProps) {
  useLocale();
  usePageTitle(t('verify.title'));
  const router = useRouter();
  const { code } = Route.useParams();
  return (
    <ResultLayout code={code}>
      <div className={styles.failed} role="alert">
        <p>{errorText(error, 'verify.failed')}</p>
        <Button onClick={() => void router.invalidate()}>{t('verify.retry')}</Button>
      </div>
    </ResultLayout>
  );
}
