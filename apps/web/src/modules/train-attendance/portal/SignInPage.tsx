import { useEffect, useRef } from 'react';
import { Button, Result, Spin } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { signedInLate } from '@hanlin/shared';
import { ApiError } from '../../../platform/api/client';
import { signInWithCode } from '../api';

/**
 * The page a trainee's phone opens from the class QR code (`?t=<token>`): signs in once and shows the outcome,
 * or the refusal (ended, not yet open, already signed in, not admitted, cancelled, code expired) in the
 * reader's language. Usable at 390 px.
 */
export default function SignInPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const sign = useMutation({ mutationFn: signInWithCode });
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    sign.mutate({ token });
  }, [token, sign]);

  const home = (
    <Link to="/portal">
      <Button data-testid="sign-in-home">{t('trainAttendance.backHome')}</Button>
    </Link>
  );
  const body = (() => {
    if (!token) return <Result status="warning" title={t('trainAttendance.noToken')} extra={home} data-testid="sign-in-result" />;
    if (sign.isSuccess) {
      const r = sign.data;
      return (
        <Result
          status={signedInLate(r) ? 'warning' : 'success'}
          data-testid="sign-in-result"
          title={t(signedInLate(r) ? 'trainAttendance.signedInLate' : 'trainAttendance.signedIn')}
          subTitle={
            <span data-testid="sign-in-detail">
              {r.className} · {r.stageName} · {new Date(r.signedAt).toLocaleTimeString(i18n.language)}
            </span>
          }
          extra={home}
        />
      );
    }
    // A second scan of someone already signed in is no failure: they are signed in.
    if (sign.isError && sign.error instanceof ApiError && sign.error.name === 'SIGN_IN_REPEATED')
      return (
        <Result
          status="info"
          data-testid="sign-in-result"
          title={t('trainAttendance.alreadySignedIn')}
          subTitle={<span data-testid="sign-in-error">{sign.error.text}</span>}
          extra={home}
        />
      );
    if (sign.isError) {
      const text = sign.error instanceof ApiError ? sign.error.text : t('trainAttendance.signInFailed');
      return (
        <Result
          status="error"
          data-testid="sign-in-result"
          title={t('trainAttendance.signInFailed')}
          subTitle={<span data-testid="sign-in-error">{text}</span>}
          extra={home}
        />
      );
    }
    return <Spin size="large" tip={t('trainAttendance.signingIn')} data-testid="sign-in-pending" />;
  })();
  return <div style={{ maxWidth: 480, margin: '0 auto', padding: '24px 12px', textAlign: 'center', wordBreak: 'break-word' }}>{body}</div>;
}
