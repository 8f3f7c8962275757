import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Slider, Space, Typography } from 'antd';
import { PauseOutlined, CaretRightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { listen } from '../../../platform/dom';
import type { PlaybackEvent } from './VideoPlayer';

export interface AudioPlayerProps {
  /** The audio file (`MediaState.playUrl`). */
  src: string;
  /** Known length in ms (`MediaState.durationMs`) until the browser reads it. */
  durationMs?: number | null;
  /** About every 5 seconds while playing, and on pause and end. */
  onProgress?: (e: PlaybackEvent) => void;
  onEnded?: (e: PlaybackEvent) => void;
}

const clock = (s: number) => {
  const v = Math.max(0, Math.floor(s));
  return `${Math.floor(v / 60)}:${String(v % 60).padStart(2, '0')}`;
};

/** Audio with a play button and a progress bar. */
export default function AudioPlayer({ src, durationMs, onProgress, onEnded }: AudioPlayerProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState((durationMs ?? 0) / 1000);
  const [failed, setFailed] = useState(false);
  const furthest = useRef(0);
  const handlers = useRef({ onProgress, onEnded });
  handlers.current = { onProgress, onEnded };

  useEffect(() => {
    const a = ref.current;
    if (!a) return;
    let lastReport = 0;
    const event = (): PlaybackEvent => ({ currentTime: a.currentTime, duration: Number.isFinite(a.duration) ? a.duration : duration, furthest: furthest.current });
    const onTime = () => {
      setTime(a.currentTime);
      furthest.current = Math.max(furthest.current, a.currentTime);
      if (Date.now() - lastReport > 5000) {
        lastReport = Date.now();
        handlers.current.onProgress?.(event());
      }
    };
    const onMeta = () => Number.isFinite(a.duration) && setDuration(a.duration);
    const onPause = () => {
      setPlaying(false);
      handlers.current.onProgress?.(event());
    };
    const onPlay = () => setPlaying(true);
    const onEnd = () => {
      setPlaying(false);
      handlers.current.onProgress?.(event());
      handlers.current.onEnded?.(event());
    };
    return listen(a, { timeupdate: onTime, loadedmetadata: onMeta, pause: onPause, play: onPlay, ended: onEnd });
  }, [duration]);

  return (
    <div data-testid="audio-player">
      {failed && <Alert type="error" showIcon message={t('media.player.loadFailed')} style={{ marginBottom: 8 }} />}
      <audio ref={ref} src={src} preload="metadata" onError={() => setFailed(true)} />
      <Space style={{ width: '100%' }} align="center">
        <Button
          shape="circle"
          icon={playing ? <PauseOutlined /> : <CaretRightOutlined />}
          aria-label={playing ? t('media.player.pause') : t('media.player.play')}
          onClick={() => (playing ? ref.current?.pause() : void ref.current?.play().catch(() => setFailed(true)))}
        />
        <div data-testid="audio-player-progress" style={{ width: 240 }}>
          <Slider
            min={0}
            max={Math.max(duration, 0.001)}
            step={0.1}
            value={time}
            tooltip={{ formatter: (v) => clock(v ?? 0) }}
            onChange={(v) => {
              if (ref.current) ref.current.currentTime = v;
            }}
          />
        </div>
        <Typography.Text type="secondary" data-testid="audio-player-time">{`${clock(time)} / ${clock(duration)}`}</Typography.Text>
      </Space>
    </div>
  );
}
