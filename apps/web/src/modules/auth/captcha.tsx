import { useState } from 'react';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { getCaptcha } from './api';

type Captcha = Awaited<ReturnType<typeof getCaptcha>>;

/** The picture challenge of a sign-in form: the current one, and a reload that also clears the answer typed for the old one. */
export function useCaptcha(form: FormInstance) {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const reload = () =>
    getCaptcha()
      .then((c) => {
        setCaptcha(c);
        form.setFieldValue('captcha', undefined);
      })
      .catch(() => undefined /* shown by the API client */);
  return { captcha, reload };
}

/** The challenge's picture beside its answer field; a click asks for another one. */
export function CaptchaImage({ captcha, onReload, testId, height }: { captcha: Captcha; onReload: () => void; testId: string; height: number }) {
  const { t } = useTranslation();
  return (
    <img
      alt={t('auth.captchaRefresh')}
      title={t('auth.captchaRefresh')}
      data-testid={testId}
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(captcha.svg)}`}
      onClick={onReload}
      style={{ height, cursor: 'pointer', border: '1px solid #d9d9d9', borderRadius: 6, background: '#fff' }}
    />
  );
}
