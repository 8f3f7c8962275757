import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import type { Lang } from '@hanlin/shared';
import { useTranslation } from 'react-i18next';
import { Feedback } from '../platform/components/Feedback';
import { useReducedMotion } from '../platform/dom';
import { antdLocale, currentLang } from '../platform/i18n';
import { APP_THEME } from './theme';

/** Errors are already shown by the API client; retrying would show them again. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 } },
});

export function Providers({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const [lang, setLangState] = useState<Lang>(currentLang());
  useEffect(() => {
    const on = () => setLangState(currentLang());
    i18n.on('languageChanged', on);
    return () => i18n.off('languageChanged', on);
  }, [i18n]);
  // A system asking for reduced motion gets none: dialogs, menus and popovers open and close at once.
  const reduce = useReducedMotion();
  const theme = useMemo(() => (reduce ? { ...APP_THEME, token: { ...APP_THEME.token, motion: false } } : APP_THEME), [reduce]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={antdLocale(lang)} theme={theme}>
        <Feedback />
        {children}
      </ConfigProvider>
    </QueryClientProvider>
  );
}
