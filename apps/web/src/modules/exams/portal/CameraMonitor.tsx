import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Result, Typography } from 'antd';
import { CameraOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export type CameraState = 'asking' | 'on' | 'refused' | 'missing';

/** The widest photo sent; JPEG quality (a photo is then some 30–60 KB). */
const MAX_WIDTH = 640;
const QUALITY = 0.6;

/** A frame of the video as a JPEG data URL, at most 640 px wide. */
export function snapshot(video: HTMLVideoElement): string | null {
  const w = video.videoWidth;
  const h = video.videoHeight;
  if (!w || !h) return null;
  const scale = Math.min(1, MAX_WIDTH / w);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(w * scale);
  canvas.height = Math.round(h * scale);
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/jpeg', QUALITY);
}

/**
 * Camera monitoring (the exam's photo interval > 0): asks for the camera, shows a small preview
 * and sends a photo at once and then every `interval` seconds. Without a camera, or refused, the
 * sheet is replaced by a message saying how to allow it, with a retry.
 */
export function useCamera(interval: number, send: (jpeg: string) => void) {
  const [state, setState] = useState<CameraState>(interval > 0 ? 'asking' : 'on');
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [attempt, setAttempt] = useState(0);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const sendRef = useRef(send);
  useEffect(() => {
    sendRef.current = send;
  });

  useEffect(() => {
    if (interval <= 0) return;
    let cancelled = false;
    let got: MediaStream | null = null;
    setState('asking');
    const media = typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined;
    if (!media?.getUserMedia) {
      setState('missing');
      return;
    }
    media
      .getUserMedia({ video: { width: { ideal: 640 }, height: { ideal: 480 } }, audio: false })
      .then((s) => {
        got = s;
        if (cancelled) return s.getTracks().forEach((t) => t.stop());
        setStream(s);
        setState('on');
      })
      .catch((e: unknown) => {
        if (cancelled) return;
        const name = e instanceof DOMException ? e.name : '';
        setState(name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError' ? 'missing' : 'refused');
      });
    return () => {
      cancelled = true;
      got?.getTracks().forEach((t) => t.stop());
      setStream(null);
    };
  }, [interval, attempt]);

  // The camera unplugged or stopped by the browser while answering: ask again.
  useEffect(() => {
    if (!stream) return;
    const ended = () => setState('missing');
    stream.getVideoTracks().forEach((t) => t.addEventListener('ended', ended));
    return () => stream.getVideoTracks().forEach((t) => t.removeEventListener('ended', ended));
  }, [stream]);

  useEffect(() => {
    if (!stream || interval <= 0) return;
    const take = () => {
      const v = videoRef.current;
      const jpeg = v ? snapshot(v) : null;
      if (jpeg) sendRef.current(jpeg);
    };
    const first = setTimeout(take, 1500);
    const id = setInterval(take, interval * 1000);
    return () => {
      clearTimeout(first);
      clearInterval(id);
    };
  }, [stream, interval]);

  const attach = useCallback(
    (v: HTMLVideoElement | null) => {
      videoRef.current = v;
      if (v && stream && v.srcObject !== stream) {
        v.srcObject = stream;
        void v.play().catch(() => {});
      }
    },
    [stream],
  );
  // `blocked`: why the questions give way to the camera's instructions (null once it is on).
  return { on: state === 'on', blocked: state === 'on' ? null : state, attach, retry: () => setAttempt((n) => n + 1) };
}

/** The small preview in a corner of the sheet. */
export function CameraPreview({ attach }: { attach: (v: HTMLVideoElement | null) => void }) {
  return (
    <video
      ref={attach}
      muted
      playsInline
      data-testid="camera-preview"
      style={{
        position: 'fixed',
        insetInlineEnd: 12,
        bottom: 12,
        width: 96,
        height: 72,
        objectFit: 'cover',
        borderRadius: 6,
        zIndex: 20,
        background: '#000',
        boxShadow: '0 2px 8px rgba(0,0,0,.3)',
      }}
    />
  );
}

/** The blocking message while the camera is refused or missing. */
export function CameraBlocked({ state, onRetry }: { state: Exclude<CameraState, 'on'>; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      icon={<CameraOutlined />}
      status={state === 'asking' ? 'info' : 'warning'}
      title={t(state === 'asking' ? 'examTaking.cameraAsking' : state === 'missing' ? 'examTaking.cameraMissing' : 'examTaking.cameraRefused')}
      subTitle={
        state === 'asking' ? undefined : (
          <Typography.Paragraph style={{ maxWidth: 520, margin: '0 auto', textAlign: 'start' }}>{t('examTaking.cameraHowTo')}</Typography.Paragraph>
        )
      }
      extra={
        state === 'asking' ? undefined : (
          <Button type="primary" onClick={onRetry} data-testid="camera-retry">
            {t('examTaking.cameraRetry')}
          </Button>
        )
      }
      data-testid={`camera-${state}`}
    />
  );
}
