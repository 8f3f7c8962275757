import { Suspense, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Drawer, Grid, List, Modal, Progress, Space, Spin, Typography } from 'antd';
import { ArrowLeftOutlined, CheckCircleFilled, DownloadOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import {
  LEARNING_HEARTBEAT_SECONDS,
  learnerPassed,
  mediaPlayable,
  mediaSettled,
  type LearnerState,
  type LearningItem,
  type LearningItemOpen,
  type StudentCourseDetail,
} from '@hanlin/shared';
import { saveDownload } from '../../../platform/api/client';
import { AudioPlayer, MediaStateTag, PdfViewer, VideoPlayer } from '../../media/index';
import { ScormPlayer } from '../../scorm/index';
import { answerChallenge, downloadCoursewareFile, getStudentCourseById, openItem, sendHeartbeat, syncItem } from '../api';

/** Where the learner is in the item (seconds of media, page of a document); lengths are the server's. */
interface Position {
  position?: number;
}

/**
 * Beats every ~10 s while the page is open (hidden tabs say so and count nothing); the server
 * decides the time, the item's length, progress and completion, and when the anti-cheat pop-up is due.
 */
function useHeartbeat(
  courseId: number,
  itemId: number,
  where: React.RefObject<Position>,
  onAnswer: (a: { item: LearningItem; learner: LearnerState; challenge: boolean }) => void,
) {
  const answer = useRef(onAnswer);
  answer.current = onAnswer;
  useEffect(() => {
    const beat = () =>
      sendHeartbeat({ courseId, itemId, visible: document.visibilityState === 'visible', ...where.current })
        .then((a) => answer.current(a))
        .catch(() => undefined);
    const timer = setInterval(beat, LEARNING_HEARTBEAT_SECONDS * 1000);
    return () => {
      clearInterval(timer);
      void beat(); // the last position when leaving the item
    };
  }, [courseId, itemId, where]);
}

function ItemContent({ open, where, onSynced }: { open: LearningItemOpen; where: React.RefObject<Position>; onSynced: () => void }) {
  const { t } = useTranslation();
  const { item, media } = open;
  if (item.kind === 'scorm' && open.scormPackageId)
    return <ScormPlayer packageId={open.scormPackageId} contextKey={open.contextKey} onSaved={onSynced} height="calc(100vh - 260px)" />;
  if (item.kind === 'file' || !media?.playUrl || !mediaPlayable(media)) {
    return (
      <Space direction="vertical">
        {media && !mediaSettled(media) && <MediaStateTag media={media} />}
        <Button
          icon={<DownloadOutlined />}
          data-testid="learn-download"
          onClick={() =>
            void downloadCoursewareFile({ fileId: open.fileId })
              .then(saveDownload)
              .then(onSynced)
              .catch(() => undefined)
          }
        >
          {t('learning.download')} {open.fileName}
        </Button>
      </Space>
    );
  }
  const track = (e: { currentTime: number }) => {
    where.current.position = Math.floor(e.currentTime);
  };
  if (item.kind === 'video')
    return <VideoPlayer src={media.playUrl} startAt={item.position} noSeekBeyond={open.antiSkip ? item.furthest : undefined} onTimeUpdate={track} onProgress={track} />;
  if (item.kind === 'audio') return <AudioPlayer src={media.playUrl} durationMs={media.durationMs} onProgress={track} />;
  return (
    <PdfViewer
      src={media.playUrl}
      initialPage={item.position || 1}
      onPageChange={(e) => {
        where.current.position = e.current;
      }}
    />
  );
}

function Catalog({ c, current, onPick }: { c: StudentCourseDetail; current: number; onPick?: () => void }) {
  return (
    <List
      size="small"
      data-testid="learn-catalog"
      dataSource={c.chapters.flatMap((ch) => ch.items)}
      rowKey="id"
      renderItem={(i) => (
        <List.Item style={{ background: i.id === current ? '#e6f4ff' : undefined, paddingInline: 8 }}>
          <Link to={`/portal/courses/${c.id}/learn/${i.id}`} replace onClick={onPick}>
            {i.completed && <CheckCircleFilled style={{ color: '#52c41a', marginRight: 4 }} />}
            {i.name}
          </Link>
        </List.Item>
      )}
    />
  );
}

/** The item's own progress and the course's, side by side (one under the other when narrow). */
function Progresses({ item, course }: { item: number; course: number }) {
  const { t } = useTranslation();
  const bar = (label: string, percent: number, testId: string) => (
    <div style={{ flex: '1 1 150px', minWidth: 0, display: 'flex', alignItems: 'center', gap: 8 }}>
      <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap', fontSize: 12 }}>
        {label}
      </Typography.Text>
      <Progress percent={percent} size="small" aria-label={label} style={{ margin: 0, flex: 1, minWidth: 0 }} data-testid={testId} />
    </div>
  );
  return (
    <div data-testid="learn-progress" style={{ display: 'flex', flexWrap: 'wrap', columnGap: 16, rowGap: 4, marginBottom: 8 }}>
      {bar(t('learning.itemProgress'), item, 'learn-item-progress')}
      {bar(t('learning.courseProgress'), course, 'learn-course-progress')}
    </div>
  );
}

/** The learning page: one courseware played, the catalog beside it (a drawer on a phone), time counted by heartbeats. */
export default function LearnPage() {
  const { t } = useTranslation();
  const params = useParams();
  const courseId = Number(params.id);
  const itemId = Number(params.itemId);
  const navigate = useNavigate();
  const client = useQueryClient();
  const screens = Grid.useBreakpoint();
  const [catalogOpen, setCatalogOpen] = useState(false);
  const [challenge, setChallenge] = useState(false);
  const [learner, setLearner] = useState<LearnerState | null>(null);
  // The opened item as the last beat or sync answered it (its own progress moves with each beat).
  const [current, setCurrent] = useState<LearningItem | null>(null);
  const where = useRef<Position>({});
  const course = useQuery({ queryKey: ['learning', 'course', courseId], queryFn: () => getStudentCourseById({ id: courseId }) });
  // Opened once per item (and again after the pop-up is answered): opening renews a pop-up that fell due, so not on window focus.
  const open = useQuery({
    queryKey: ['learning', 'open', courseId, itemId],
    queryFn: () => openItem({ courseId, itemId }),
    retry: false,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

  const refresh = (a: { learner: LearnerState; item: LearningItem }) => {
    setLearner(a.learner);
    // The beat sent on leaving an item answers after the next one is shown: kept only for its own item.
    if (a.item.id === itemId) setCurrent(a.item);
    if (a.item.completed) void client.invalidateQueries({ queryKey: ['learning', 'course', courseId] });
  };
  useHeartbeat(courseId, itemId, where, (a) => {
    refresh(a);
    if (a.challenge) setChallenge(true);
  });
  // The pop-up shows when the server said it falls due (the server stops counting then anyway).
  const dueIn = open.data?.challengeInSeconds;
  useEffect(() => {
    if (dueIn === null || dueIn === undefined) return;
    const timer = setTimeout(() => setChallenge(true), dueIn * 1000);
    return () => clearTimeout(timer);
  }, [dueIn, open.dataUpdatedAt]);
  useEffect(() => {
    where.current = {};
    setCurrent(null);
  }, [itemId]);
  // While the pop-up is open the video (or audio) stands still: paused now, paused again if started
  // behind the pop-up, and playing again once the learner confirms.
  const player = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = player.current;
    if (!challenge || !box) return;
    const playing = [...box.querySelectorAll<HTMLMediaElement>('video, audio')].filter((m) => !m.paused);
    playing.forEach((m) => m.pause());
    const hold = (e: Event) => e.target instanceof HTMLMediaElement && e.target.pause();
    box.addEventListener('play', hold, true);
    return () => {
      box.removeEventListener('play', hold, true);
      if (box.isConnected) playing.forEach((m) => void m.play()?.catch(() => undefined));
    };
  }, [challenge]);

  if (open.isLoading || course.isLoading) return <Spin />;
  if (!open.data || !course.data) return <Alert type="error" message={t('learning.notFound')} />;
  const c = course.data;
  const state = learner ?? c.learner;
  const item = current?.id === itemId ? current : open.data.item;
  const synced = () =>
    void syncItem({ courseId, itemId })
      .then(refresh)
      .catch(() => undefined);

  return (
    <Card
      data-testid="learn-page"
      styles={{ body: { padding: screens.md ? 16 : 8 } }}
      title={
        <Space size={8} style={{ maxWidth: '100%' }}>
          <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('learning.back')} onClick={() => void navigate(`/portal/courses/${courseId}`)} />
          <Typography.Text ellipsis style={{ maxWidth: screens.md ? 480 : 180 }}>
            {open.data.item.name}
          </Typography.Text>
        </Space>
      }
      extra={
        !screens.md && (
          <Button icon={<UnorderedListOutlined />} onClick={() => setCatalogOpen(true)} data-testid="learn-catalog-button">
            {t('learning.catalog')}
          </Button>
        )
      }
    >
      <div style={{ display: 'flex', gap: 16 }}>
        <div style={{ flex: 1, minWidth: 0 }} ref={player}>
          {state && <Progresses item={item.progress} course={state.progress} />}
          {state && learnerPassed(state) && <Alert type="success" showIcon message={t('learning.passedMessage')} style={{ marginBottom: 8 }} data-testid="learn-passed" />}
          <Suspense fallback={<Spin />}>
            <ItemContent key={itemId} open={open.data} where={where} onSynced={synced} />
          </Suspense>
        </div>
        {screens.md && (
          <div style={{ width: 260, flex: 'none' }}>
            <Catalog c={c} current={itemId} />
          </div>
        )}
      </div>
      <Drawer open={catalogOpen} onClose={() => setCatalogOpen(false)} title={t('learning.catalog')} width="85%">
        <Catalog c={c} current={itemId} onPick={() => setCatalogOpen(false)} />
      </Drawer>
      <Modal
        open={challenge}
        destroyOnHidden
        closable={false}
        mask={{ closable: false }}
        title={t('learning.challengeTitle')}
        cancelButtonProps={{ style: { display: 'none' } }}
        okText={t('learning.challengeOk')}
        okButtonProps={{ 'data-testid': 'learn-challenge-ok' }}
        onOk={() =>
          void answerChallenge({ id: courseId }).then(() => {
            setChallenge(false);
            void open.refetch();
          })
        }
      >
        <span data-testid="learn-challenge">{t('learning.challengeText')}</span>
      </Modal>
    </Card>
  );
}
