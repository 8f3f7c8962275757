import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Col, Drawer, Grid, Row, Space, Tag, Tooltip, Typography } from 'antd';
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloudSyncOutlined,
  DisconnectOutlined,
  ExclamationCircleOutlined,
  LeftOutlined,
  RightOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import dayjs from 'dayjs';
import { attemptSubmitted, isAnswered, type AttemptResult, type AttemptSheet } from '@hanlin/shared';
import { ApiError } from '../../../platform/api/errors';
import { useFeedback } from '../../../platform/feedback';
import { useLeavePrompt } from '../../../platform/leave-prompt';
import { examTaking } from '../portal-api';
import { CameraBlocked, CameraPreview, useCamera } from './CameraMonitor';
import { NavPanel, type NavItem } from './NavPanel';
import { QuestionView } from './QuestionView';
import { useAntiCheat } from './useAntiCheat';
import { useAutosave, type SaveState } from './useAutosave';
import { formatSeconds, useCountdown } from './useCountdown';

/** Why the sheet handed over to the result page (shown there as a notice). */
export type ResultNotice = 'timeUp' | 'serverSubmitted' | 'leaveLimit';
export interface ResultPageState {
  notice?: ResultNotice;
  result?: AttemptResult;
}
export const resultPath = (examId: number, attemptId: number) => `/portal/exam/${examId}/result?attempt=${attemptId}`;
const CLOSED_ERRORS = ['EXAM_TIME_OVER', 'REPEAT_SUBMIT_ERROR'];
/** The question asked of a move away while answers are unsent. */
const LEAVE_UNSENT_TEXTS = { title: 'examTaking.leaveUnsentTitle', content: 'examTaking.leaveUnsentContent', leave: 'examTaking.leaveAnyway', stay: 'examTaking.stay' };

/** "Saving…", "All answers saved 10:42:07", offline, error: the autosave made visible. */
export function SaveIndicator({ state, unsent, compact = false }: { state: SaveState; unsent: number; compact?: boolean }) {
  const { t } = useTranslation();
  const [text, icon, type] =
    state.kind === 'saving'
      ? [t('examTaking.saving'), <CloudSyncOutlined key="i" />, 'secondary' as const]
      : state.kind === 'saved'
        ? [t(compact ? 'examTaking.savedShort' : 'examTaking.saved', { time: dayjs(state.at).format('HH:mm:ss') }), <CheckCircleOutlined key="i" />, 'success' as const]
        : state.kind === 'offline'
          ? [t('examTaking.offline', { count: unsent }), <DisconnectOutlined key="i" />, 'warning' as const]
          : state.kind === 'error'
            ? [t('examTaking.saveError', { seconds: Math.round(state.retryInMs / 1000) }), <ExclamationCircleOutlined key="i" />, 'danger' as const]
            : state.kind === 'closed'
              ? [t('examTaking.closed'), <CheckCircleOutlined key="i" />, 'secondary' as const]
              : [t(compact ? 'examTaking.autosaveOnShort' : 'examTaking.autosaveOn'), <CloudSyncOutlined key="i" />, 'secondary' as const];
  return (
    <Typography.Text type={type} style={{ fontSize: 12 }} data-testid="save-state" data-kind={state.kind}>
      {icon} {text}
    </Typography.Text>
  );
}

/**
 * The answer sheet of an ongoing attempt: header (name, the server's countdown, save state,
 * submit), the questions (all on one page, or one at a time), the navigation panel (a drawer on
 * a phone), anti-cheat leaves and camera photos as the exam asks.
 */
export function AnswerSheet({ sheet }: { sheet: AttemptSheet }) {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const narrow = !screens.md;
  const { attemptId, examId } = sheet;
  const done = useRef(false);
  const [leaving, setLeaving] = useState<ResultNotice | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [drawer, setDrawer] = useState(false);
  const [current, setCurrent] = useState(sheet.questions[0]?.position ?? 1);
  const [leaveCount, setLeaveCount] = useState(sheet.leaveCount);
  const bar = useRef<HTMLDivElement>(null);

  const goResult = useCallback(
    (state: ResultPageState = {}) => {
      if (done.current) return;
      done.current = true;
      void navigate(resultPath(examId, attemptId), { replace: true, state });
    },
    [navigate, examId, attemptId],
  );

  const countdown = useCountdown(sheet.remainingSeconds);
  // Tenths of a second since the attempt started, on the server's clock: the seq of a change made
  // after a reload (the counter starts again) still outranks the changes made before it.
  const [clock] = useState(() => ({ skew: Date.parse(sheet.serverNow) - Date.now(), start: Date.parse(sheet.startedAt) }));
  const auto = useAutosave({
    attemptId,
    // The sheet contract carries no per-question seq today; when the server adds one, stale local copies are dropped by it.
    initial: sheet.questions.map((q) => ({ position: q.position, answer: q.answer, flagged: q.flagged, seq: q.seq })),
    save: examTaking.save,
    seqFloor: () => Math.max(0, Math.floor((Date.now() + clock.skew - clock.start) / 100)),
    onSaved: (r) => countdown.sync(r.remainingSeconds),
    onClosed: () => goResult({ notice: 'serverSubmitted' }),
  });
  const { saver } = auto;
  const timeUp = countdown.seconds <= 0;
  const locked = timeUp || submitting || leaving !== null || auto.state.kind === 'closed';

  // The deadline: input stops, what is unsent goes (the server may still take it), then the result, which waits for the server's submission.
  useEffect(() => {
    if (!timeUp || done.current) return;
    setLeaving('timeUp');
    let stop = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Ask for the result until the server has submitted (its deadline job), then show it.
    const poll = async (round: number) => {
      const r = await examTaking
        .results(examId)
        .then((list) => list.find((a) => a.attemptId === attemptId))
        .catch(() => undefined);
      if (stop) return;
      const submitted = r && attemptSubmitted(r) ? r : undefined;
      if (submitted || round >= 20) return goResult({ notice: 'timeUp', ...(submitted ? { result: submitted } : {}) });
      timer = setTimeout(() => void poll(round + 1), 2000);
    };
    void saver.settle().finally(() => void poll(0));
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [timeUp, saver, goResult, examId, attemptId]);

  const camera = useCamera(sheet.photoInterval, (jpeg) => void examTaking.photo(attemptId, jpeg).catch(() => {}));
  // Counted once the camera is on: the browser's camera question may take the focus, which is no leave.
  useAntiCheat(sheet.antiCheat && !locked && camera.on, () => {
    examTaking
      .leave(attemptId)
      .then((r) => {
        setLeaveCount(r.leaveCount);
        if (r.submitted) {
          setLeaving('leaveLimit');
          return goResult({ notice: 'leaveLimit' });
        }
        modal.warning({
          title: t('examTaking.leaveTitle'),
          content:
            r.leaveLimit == null ? t('examTaking.leaveCountNoLimit', { count: r.leaveCount }) : t('examTaking.leaveCount', { count: r.leaveCount, limit: r.leaveLimit }),
          okButtonProps: { 'data-testid': 'leave-warning-ok' },
        });
      })
      .catch((e: unknown) => {
        if (e instanceof ApiError && CLOSED_ERRORS.includes(e.name)) goResult({ notice: 'serverSubmitted' });
      });
  });

  // Leaving with unsent answers asks first: the browser's own question on close or reload, ours on a link.
  useLeavePrompt(() => !done.current && saver.hasUnsent(), LEAVE_UNSENT_TEXTS);

  const items: NavItem[] = useMemo(
    () =>
      sheet.questions.map((q) => {
        const e = auto.entries.get(q.position);
        return { position: q.position, answered: isAnswered(e?.answer), flagged: Boolean(e?.flagged) };
      }),
    [sheet.questions, auto.entries],
  );
  const index = Math.max(
    0,
    sheet.questions.findIndex((q) => q.position === current),
  );

  const jump = (position: number) => {
    setCurrent(position);
    setDrawer(false);
    // Brought to rest below the sheet's sticky bar (its height grows when it wraps on a phone), not under it.
    const el = sheet.answerMode === 'whole' ? document.getElementById(`question-${position}`) : null;
    if (el) window.scrollTo({ top: el.getBoundingClientRect().top + window.scrollY - (bar.current?.offsetHeight ?? 0) - 12, behavior: 'smooth' });
  };

  const doSubmit = async () => {
    setSubmitting(true);
    const saved = await saver.settle();
    if (saver.closed) return;
    if (!saved) {
      setSubmitting(false);
      message.error(t('examTaking.submitUnsaved'));
      return;
    }
    try {
      const result = await examTaking.submit(attemptId);
      goResult({ result });
    } catch (e) {
      if (e instanceof ApiError && CLOSED_ERRORS.includes(e.name)) return goResult({ notice: 'serverSubmitted' });
      setSubmitting(false);
      message.error(e instanceof ApiError ? e.text : String(e));
    }
  };
  const askSubmit = () => {
    const unanswered = items.filter((i) => !i.answered).length;
    const flagged = items.filter((i) => i.flagged).length;
    modal.confirm({
      title: t('examTaking.submitTitle'),
      content: (
        <div data-testid="submit-confirm-content">
          <div>{unanswered ? t('examTaking.submitUnanswered', { count: unanswered }) : t('examTaking.submitAllAnswered')}</div>
          {flagged > 0 && <div>{t('examTaking.submitFlagged', { count: flagged })}</div>}
          <div>{t('examTaking.submitFinal')}</div>
        </div>
      ),
      okText: t('examTaking.submit'),
      cancelText: t('examTaking.keepAnswering'),
      okButtonProps: { 'data-testid': 'submit-confirm-ok' },
      cancelButtonProps: { 'data-testid': 'submit-confirm-cancel' },
      onOk: doSubmit,
    });
  };

  const view = (q: AttemptSheet['questions'][number], i: number) => {
    const e = auto.entries.get(q.position);
    return (
      <div key={q.position} onFocusCapture={() => setCurrent(q.position)}>
        <QuestionView question={q} index={i + 1} answer={e?.answer ?? null} flagged={Boolean(e?.flagged)} disabled={locked} onChange={saver.change} />
      </div>
    );
  };
  const nav = <NavPanel items={items} current={current} onJump={jump} />;
  const low = countdown.seconds <= 300;

  return (
    <div data-testid="answer-sheet" style={{ minWidth: 0 }}>
      {/* The exam page's only header (no portal navigation): across the whole width, its content over the questions'. */}
      <div
        ref={bar}
        data-testid="sheet-bar"
        style={{ position: 'sticky', top: 0, zIndex: 10, background: 'var(--ant-color-bg-container, #fff)', borderBottom: '1px solid rgba(5,5,5,.06)' }}
      >
        <div style={{ maxWidth: 1200, margin: '0 auto', padding: '8px 12px', display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}>
          <Typography.Text strong ellipsis style={{ flex: '1 1 160px', minWidth: 0, fontSize: 16 }} data-testid="sheet-exam-name">
            {sheet.examName}
          </Typography.Text>
          <Tooltip title={t(sheet.countdownMode === 'end' ? 'examTaking.countdownEnd' : 'examTaking.countdownDuration')}>
            <Tag color={low ? 'red' : 'blue'} icon={<ClockCircleOutlined />} style={{ fontSize: 15, padding: '2px 8px', marginInlineEnd: 0 }} data-testid="countdown">
              {sheet.countdownMode === 'end' ? `${t('examTaking.toEnd')} ` : ''}
              {formatSeconds(countdown.seconds)}
            </Tag>
          </Tooltip>
          {sheet.antiCheat && (
            <Tag color="orange" data-testid="leave-count" style={{ marginInlineEnd: 0 }}>
              {sheet.leaveLimit == null ? t('examTaking.leavesNoLimit', { count: leaveCount }) : t('examTaking.leaves', { count: leaveCount, limit: sheet.leaveLimit })}
            </Tag>
          )}
          <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap', justifyContent: 'flex-end', marginInlineStart: 'auto' }}>
            <SaveIndicator state={auto.state} unsent={auto.unsent} compact={narrow} />
            {narrow && (
              <Button icon={<UnorderedListOutlined />} onClick={() => setDrawer(true)} data-testid="nav-open">
                {t('examTaking.questions')}
              </Button>
            )}
            <Button type="primary" onClick={askSubmit} disabled={locked} loading={submitting} data-testid="submit">
              {t('examTaking.submit')}
            </Button>
          </div>
        </div>
      </div>

      <div style={{ maxWidth: 1200, margin: '0 auto', minWidth: 0 }}>
        {leaving === 'timeUp' && <Alert type="warning" showIcon style={{ margin: 12 }} title={t('examTaking.timeUp')} data-testid="time-up" />}

        {camera.blocked ? (
          <CameraBlocked state={camera.blocked} onRetry={camera.retry} />
        ) : (
          <Row gutter={[16, 16]} style={{ padding: 12, margin: 0 }} wrap={false}>
            <Col flex="auto" style={{ minWidth: 0 }}>
              {sheet.answerMode === 'whole' ? (
                <Space orientation="vertical" size={12} style={{ width: '100%' }}>
                  {sheet.questions.map(view)}
                </Space>
              ) : (
                <>
                  {sheet.questions[index] && view(sheet.questions[index], index)}
                  <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 12, gap: 8 }}>
                    <Button icon={<LeftOutlined />} disabled={index === 0} onClick={() => jump(sheet.questions[index - 1].position)} data-testid="prev">
                      {t('examTaking.prev')}
                    </Button>
                    <Typography.Text type="secondary" style={{ alignSelf: 'center' }}>
                      {index + 1} / {sheet.questions.length}
                    </Typography.Text>
                    {index < sheet.questions.length - 1 ? (
                      <Button onClick={() => jump(sheet.questions[index + 1].position)} data-testid="next">
                        {t('examTaking.next')} <RightOutlined />
                      </Button>
                    ) : (
                      <Button type="primary" onClick={askSubmit} disabled={locked} data-testid="submit-last">
                        {t('examTaking.submit')}
                      </Button>
                    )}
                  </div>
                </>
              )}
            </Col>
            {!narrow && (
              <Col flex="240px">
                <div style={{ position: 'sticky', top: 72, border: '1px solid rgba(5,5,5,.06)', borderRadius: 8, padding: 12 }}>{nav}</div>
              </Col>
            )}
          </Row>
        )}
        {narrow && (
          <Drawer open={drawer} onClose={() => setDrawer(false)} placement="bottom" size="auto" title={t('examTaking.questions')}>
            {nav}
          </Drawer>
        )}
        {sheet.photoInterval > 0 && camera.on && <CameraPreview attach={camera.attach} />}
      </div>
    </div>
  );
}
