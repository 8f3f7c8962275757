import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Empty, Select, Space, Spin, Typography } from 'antd';
import { FullscreenOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';
import { SIGN_IN_OPENS_BEFORE_MS, required, type AttendanceStage } from '@hanlin/shared';
import { serverNow } from '../../../platform/api/server-clock';
import { getAttendanceSheet, getSignInCode } from '../api';
import { sheetQueryKey } from './ClassAttendancePanel';

/** The stage to show first: the one whose sign-in is open now (server clock), else the next one, else the last. */
export function currentStage(stages: readonly AttendanceStage[], now: number): number | undefined {
  const open = stages.find((s) => now >= Date.parse(s.startsAt) - SIGN_IN_OPENS_BEFORE_MS && now < Date.parse(s.endsAt));
  return (open ?? stages.find((s) => Date.parse(s.startsAt) > now) ?? stages.at(-1))?.id;
}

/**
 * The class teacher's full-screen sign-in QR for a stage of the class: the server gives a new code every 30 s;
 * the countdown runs from the server's window end and server time of that answer (elapsed time measured
 * locally with a monotonic clock, never the device's wall clock), and the next code is asked for when it ends.
 */
export function ClassSignInScreen({ classId }: { classId: number }) {
  const { t } = useTranslation();
  const sheet = useQuery({ queryKey: sheetQueryKey(classId), queryFn: () => getAttendanceSheet({ classId }) });
  const [picked, setPicked] = useState<number>();
  const stageId = picked ?? (sheet.data ? currentStage(sheet.data.stages, serverNow()) : undefined);
  const code = useQuery({
    queryKey: ['train-attendance', 'qr', stageId],
    queryFn: async () => ({ code: await getSignInCode({ stageId: required(stageId, 'the stage signed in to') }), receivedAt: performance.now() }),
    enabled: stageId !== undefined,
    gcTime: 0,
  });
  const [image, setImage] = useState<string>();
  const [left, setLeft] = useState<number>();
  const box = useRef<HTMLDivElement>(null);

  const link = code.data ? `${window.location.origin}${code.data.code.url}` : undefined;
  useEffect(() => {
    if (!link) return;
    let live = true;
    void QRCode.toDataURL(link, { width: 640, margin: 1, errorCorrectionLevel: 'M' }).then((url: string) => live && setImage(url));
    return () => {
      live = false;
    };
  }, [link]);

  const { refetch } = code;
  useEffect(() => {
    if (!code.data) return;
    const { code: c, receivedAt } = code.data;
    const validFor = Date.parse(c.windowEndsAt) - Date.parse(c.serverTime);
    const tick = () => {
      const ms = validFor - (performance.now() - receivedAt);
      setLeft(Math.max(0, Math.ceil(ms / 1000)));
      if (ms <= 0) void refetch();
    };
    tick();
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [code.data, refetch]);

  if (sheet.isPending) return <Spin />;
  if (!sheet.data) return <Alert type="error" title={t('trainAttendance.loadFailed')} />;
  if (!sheet.data.stages.length) return <Empty description={t('trainAttendance.noStages')} />;

  return (
    <div
      ref={box}
      data-testid="class-sign-in-screen"
      style={{ minHeight: '80vh', display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 16, background: '#fff', padding: 24 }}
    >
      <Space wrap>
        <Select<number>
          data-testid="sign-in-stage"
          style={{ minWidth: 260 }}
          value={stageId}
          onChange={setPicked}
          options={sheet.data.stages.map((s) => ({ value: s.id, label: s.name }))}
        />
        <Button icon={<FullscreenOutlined />} data-testid="sign-in-fullscreen" onClick={() => void box.current?.requestFullscreen?.()}>
          {t('trainAttendance.fullScreen')}
        </Button>
      </Space>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {sheet.data.name}
      </Typography.Title>
      {code.data && (
        <Typography.Title level={4} style={{ margin: 0 }} data-testid="sign-in-stage-name">
          {code.data.code.stageName}
        </Typography.Title>
      )}
      {code.isError && <Alert type="error" title={t('trainAttendance.loadFailed')} />}
      {image ? (
        <img
          src={image}
          alt={t('trainAttendance.scanToSignIn')}
          data-testid="sign-in-qr"
          data-url={link}
          style={{ width: 'min(70vh, 90vw)', height: 'auto', imageRendering: 'pixelated' }}
        />
      ) : (
        <Spin />
      )}
      <Typography.Text style={{ fontSize: 18 }}>{t('trainAttendance.scanToSignIn')}</Typography.Text>
      {left !== undefined && (
        <Typography.Text type="secondary" data-testid="sign-in-countdown">
          {t('trainAttendance.refreshIn', { count: left })}
        </Typography.Text>
      )}
    </div>
  );
}
