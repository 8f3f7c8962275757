import { useEffect } from 'react';
import { CheckCircleOutlined, FireOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StudentInfo } from '@hanlin/shared';
import { session, useSession } from '../../platform/session';
import { getStudentInfo, signIn } from '../../modules/student/api';
import { useFeedback } from '../../platform/feedback';

/** Experience as a percentage of the next level's threshold (spec section 3: exp / nextExp). */
export const expPercent = (info: Pick<StudentInfo, 'exp' | 'nextExp'>) => (info.nextExp > 0 ? Math.min(100, Math.floor((info.exp / info.nextExp) * 100)) : 0);

/**
 * Daily sign-in in the header: the button (until signed today), the streak text built from the
 * days, and the experience bar. The student info is kept in the session.
 */
export function SignInArea() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const qc = useQueryClient();
  const info = useSession((s) => s.studentInfo);
  const q = useQuery({ queryKey: ['student', 'info'], queryFn: getStudentInfo });
  useEffect(() => {
    if (q.data) session.set({ studentInfo: q.data });
  }, [q.data]);
  const sign = useMutation({
    mutationFn: signIn,
    onSuccess: (next) => {
      const gained = next.exp - (info?.exp ?? 0);
      session.set({ studentInfo: next });
      qc.setQueryData(['student', 'info'], next);
      message.success(t('signIn.done', { exp: gained }));
    },
    onError: () => void q.refetch(),
  });
  if (!info) return null;
  const percent = expPercent(info);
  const streak = info.signDays === 0 ? t('signIn.noStreak') : info.signDays === 1 ? t('signIn.streakOne') : t('signIn.streak', { count: info.signDays });
  return (
    <span className="hl-signin" data-testid="sign-in-area">
      {info.isSigned ? (
        <span className="hl-signin-done" data-testid="sign-in-done">
          <CheckCircleOutlined /> {t('signIn.signed')}
        </span>
      ) : (
        <Button size="small" icon={<FireOutlined />} loading={sign.isPending} onClick={() => sign.mutate()} data-testid="sign-in-button">
          {t('signIn.button')}
        </Button>
      )}
      <span className="hl-signin-streak" data-testid="sign-in-streak" title={streak}>
        {streak}
      </span>
      <Tooltip title={t('signIn.exp', { exp: info.exp, nextExp: info.nextExp, percent })}>
        {/* A plain bar rather than antd Progress: the header every page carries stays light. */}
        <span
          className="hl-exp-bar"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-label={t('signIn.exp', { exp: info.exp, nextExp: info.nextExp, percent })}
          tabIndex={0}
          data-testid="sign-in-exp"
          data-percent={percent}
        >
          <span style={{ width: `${percent}%` }} />
        </span>
      </Tooltip>
    </span>
  );
}
