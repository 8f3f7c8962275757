import { useEffect, useRef, useState } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../platform/feedback';
import { listen } from '../../../platform/dom';

export interface PlaybackEvent {
  /** Seconds. */
  currentTime: number;
  duration: number;
  /** Furthest point watched so far (seconds), never less than `noSeekBeyond`. */
  furthest: number;
}

export interface VideoPlayerProps {
  /** HLS playlist (`MediaState.playUrl`) or a plain video URL. */
  src: string;
  /**
   * Anti-skip: the furthest point already watched (seconds, e.g. from the learning record). The
   * learner cannot seek past max(this, what they watch now); omit to allow free seeking.
   */
  noSeekBeyond?: number;
  /** Starts at this second (resume). */
  startAt?: number;
  /** About every 5 seconds while playing, and on pause and end. */
  onProgress?: (e: PlaybackEvent) => void;
  /** On every timeupdate (several times a second). */
  onTimeUpdate?: (e: PlaybackEvent) => void;
  onEnded?: (e: PlaybackEvent) => void;
  autoPlay?: boolean;
}

const isHls = (src: string) => /\.m3u8(?:$|\?)/.test(src);

/** Video with hls.js (loaded on first use; Safari plays HLS natively), with optional anti-skip. */
export default function VideoPlayer({ src, noSeekBeyond, startAt, onProgress, onTimeUpdate, onEnded, autoPlay }: VideoPlayerProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLVideoElement>(null);
  const furthest = useRef(Math.max(noSeekBeyond ?? 0, 0));
  const [failed, setFailed] = useState(false);
  const handlers = useRef({ onProgress, onTimeUpdate, onEnded });
  handlers.current = { onProgress, onTimeUpdate, onEnded };
  const antiSkip = noSeekBeyond !== undefined;

  useEffect(() => {
    furthest.current = Math.max(furthest.current, noSeekBeyond ?? 0);
  }, [noSeekBeyond]);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    setFailed(false);
    let destroyed = false;
    let hls: { destroy(): void } | undefined;
    const plain = () => {
      video.src = src;
      if (startAt) video.currentTime = startAt;
    };
    if (isHls(src)) {
      // hls.js wherever Media Source Extensions exist (the same behaviour in every browser);
      // browsers playing HLS themselves (Safari on iOS) otherwise.
      void import('hls.js').then(({ default: Hls }) => {
        if (destroyed) return;
        if (!Hls.isSupported()) return video.canPlayType('application/vnd.apple.mpegurl') ? plain() : setFailed(true);
        // No blob: worker (the page's CSP allows scripts from the site only).
        const h = new Hls({ enableWorker: false, startPosition: startAt ?? -1 });
        h.on(Hls.Events.ERROR, (_e, data) => {
          if (data.fatal) setFailed(true);
        });
        h.loadSource(src);
        h.attachMedia(video);
        hls = h;
      });
    } else plain();
    return () => {
      destroyed = true;
      hls?.destroy();
    };
  }, [src, startAt]);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    let lastReport = 0;
    const event = (): PlaybackEvent => ({ currentTime: video.currentTime, duration: Number.isFinite(video.duration) ? video.duration : 0, furthest: furthest.current });
    const onTime = () => {
      // A jump is a seek, not watching: only small steps move the furthest point.
      if (!video.seeking && video.currentTime > furthest.current && video.currentTime - furthest.current < 2) furthest.current = video.currentTime;
      handlers.current.onTimeUpdate?.(event());
      if (Date.now() - lastReport > 5000) {
        lastReport = Date.now();
        handlers.current.onProgress?.(event());
      }
    };
    const onSeeking = () => {
      if (antiSkip && video.currentTime > furthest.current + 1) {
        video.currentTime = furthest.current;
        feedback.message.warning(t('media.player.noSeek'));
      }
    };
    const onPause = () => handlers.current.onProgress?.(event());
    const onEnd = () => {
      furthest.current = Math.max(furthest.current, video.duration || 0);
      handlers.current.onProgress?.(event());
      handlers.current.onEnded?.(event());
    };
    return listen(video, { timeupdate: onTime, seeking: onSeeking, pause: onPause, ended: onEnd });
  }, [antiSkip, t]);

  return (
    <div data-testid="video-player">
      {failed && <Alert type="error" showIcon message={t('media.player.loadFailed')} style={{ marginBottom: 8 }} />}
      <video
        ref={ref}
        controls
        playsInline
        autoPlay={autoPlay}
        controlsList="nodownload"
        onError={() => setFailed(true)}
        style={{ width: '100%', maxHeight: '70vh', background: '#000' }}
      />
    </div>
  );
}
