import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { attemptSubmitted, type AttemptSheet } from '@hanlin/shared';
import { ApiError } from '../../../platform/api/errors';
import { examTaking } from '../portal-api';
import { AnswerSheet, resultPath } from './AnswerSheet';

export const MY_EXAMS_PATH = '/student-center/exams';

/**
 * /portal/exam/:examId/attempt/:attemptId: the sheet the start call answered (handed over once in
 * the navigation state), or, on a reload or in another browser, the server's `sheet` with the
 * saved answers and the remaining time.
 */
export default function AnswerSheetPage() {
  const { t } = useTranslation();
  const params = useParams();
  const examId = Number(params.examId);
  const attemptId = Number(params.attemptId);
  const location = useLocation();
  const navigate = useNavigate();
  const [handed] = useState(() => {
    const s = (location.state as { sheet?: AttemptSheet } | null)?.sheet;
    return s && s.attemptId === attemptId ? s : null;
  });
  // The handed sheet is used once: a reload asks the server (the browser keeps the navigation state).
  useEffect(() => {
    if (handed) void navigate(location.pathname, { replace: true, state: null });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const q = useQuery({
    queryKey: ['exam-attempt-sheet', attemptId],
    queryFn: () => examTaking.sheet(attemptId),
    enabled: !handed && attemptId > 0,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const sheet = handed ?? q.data;
  if (sheet) {
    if (attemptSubmitted(sheet)) return <Navigate to={resultPath(sheet.examId, sheet.attemptId)} replace />;
    return <AnswerSheet key={sheet.attemptId} sheet={sheet} />;
  }
  if (q.error) {
    const e = q.error;
    if (e instanceof ApiError && ['EXAM_TIME_OVER', 'REPEAT_SUBMIT_ERROR'].includes(e.name)) return <Navigate to={resultPath(examId, attemptId)} replace />;
    return (
      <Result
        status="warning"
        title={e instanceof ApiError ? e.text : String(e)}
        extra={
          <Space wrap>
            <Button onClick={() => void q.refetch()}>{t('examTaking.retry')}</Button>
            <Button type="primary" onClick={() => void navigate(MY_EXAMS_PATH)}>
              {t('examTaking.backToMyExams')}
            </Button>
          </Space>
        }
        data-testid="sheet-error"
      />
    );
  }
  return <Spin style={{ display: 'block', margin: 48 }} />;
}
