import { useEffect, useState, type DragEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Card, Empty, Flex, Input, List, Select, Space, Spin, Tag, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { COURSE_CHAPTER_NAME_MAX, COURSE_LIFECYCLE, type CoursewareType } from '@hanlin/shared';
import { ApiError } from '../../../platform/api/client';
import { LifecycleTag } from '../../../platform/lifecycle';
import { findCoursewareOptions, getCourseById, publishCourses, saveCourseChapters, submitCourses } from '../api';
import { useFeedback } from '../../../platform/feedback';
import { useFinishPage } from '../../../platform/page-title';

interface Ware {
  id: number;
  name: string;
  type: CoursewareType;
}
interface Chapter {
  key: string;
  name: string;
  items: Ware[];
}
let keySeq = 0;
const newKey = () => `c${++keySeq}`;
const move = <T,>(list: T[], from: number, to: number) => {
  const out = [...list];
  const [x] = out.splice(from, 1);
  out.splice(to, 0, x);
  return out;
};

/** Drag handles for a list: the index dragged is kept in the drag data under `kind`. */
function draggable(kind: string, index: number, onDrop: (from: number, to: number) => void) {
  return {
    draggable: true,
    onDragStart: (e: DragEvent) => {
      e.stopPropagation();
      e.dataTransfer.setData(kind, String(index));
    },
    onDragOver: (e: DragEvent) => {
      if (e.dataTransfer.types.includes(kind)) e.preventDefault();
    },
    onDrop: (e: DragEvent) => {
      const from = Number(e.dataTransfer.getData(kind));
      if (!e.dataTransfer.types.includes(kind) || Number.isNaN(from)) return;
      e.preventDefault();
      e.stopPropagation();
      if (from !== index) onDrop(from, index);
    },
  };
}

/** The course builder (`add-buildCourse?id=`): chapters (required, names unique), each with courseware, dragged into order. */
export default function CourseBuildPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const finish = useFinishPage();
  const queryClient = useQueryClient();
  const id = Number(params.get('id'));
  const course = useQuery({ queryKey: ['courses', 'one', id], queryFn: () => getCourseById({ id }), enabled: !!id });
  const [chapters, setChapters] = useState<Chapter[]>([]);
  const [newName, setNewName] = useState('');
  const [keyword, setKeyword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const wares = useQuery({ queryKey: ['courses', 'courseware-options', keyword], queryFn: () => findCoursewareOptions({ keyword: keyword || undefined }) });

  useEffect(() => {
    if (course.data)
      setChapters(course.data.chapters.map((c) => ({ key: newKey(), name: c.name, items: c.items.map((i) => ({ id: i.coursewareId, name: i.name, type: i.type })) })));
  }, [course.data]);

  const editable = !!course.data?.abilities.modify;
  const update = (index: number, change: (c: Chapter) => Chapter) => setChapters((cs) => cs.map((c, i) => (i === index ? change(c) : c)));

  /** Client rules before the server's: at least one chapter, names unique and set, each with courseware. */
  function check(): string | null {
    if (!chapters.length) return t('course.chaptersRequired');
    const names = chapters.map((c) => c.name.trim());
    if (names.some((n) => !n)) return t('course.chapterNameRequired');
    if (new Set(names).size !== names.length) return t('course.chapterDuplicate');
    const empty = chapters.find((c) => !c.items.length);
    if (empty) return t('course.chapterEmpty', { name: empty.name });
    return null;
  }

  const save = useMutation({
    mutationFn: async () => {
      const bad = check();
      setProblem(bad);
      if (bad) throw new Error(bad);
      await saveCourseChapters({ id, chapters: chapters.map((c) => ({ name: c.name.trim(), coursewareIds: c.items.map((i) => i.id) })) });
      await queryClient.invalidateQueries({ queryKey: ['courses'] });
    },
    onSuccess: () => void message.success(t('common.saved')),
    onError: (e) => e instanceof ApiError && setProblem(e.text),
  });
  const publish = useMutation({
    mutationFn: async () => {
      await save.mutateAsync();
      if (course.data?.abilities.publish) await publishCourses({ ids: [id] });
      else await submitCourses({ ids: [id] });
      await queryClient.invalidateQueries({ queryKey: ['courses'] });
    },
    // Published or submitted: the builder's tab closes and the list shows.
    onSuccess: () => finish('/dashboard/manage-course'),
  });

  if (!id) return <Empty />;
  if (course.isLoading || !course.data) return <Spin />;
  const addChapter = () => {
    const name = newName.trim();
    if (!name) return;
    if (chapters.some((c) => c.name.trim() === name)) return setProblem(t('course.chapterDuplicate'));
    setChapters((cs) => [...cs, { key: newKey(), name, items: [] }]);
    setNewName('');
    setProblem(null);
  };

  return (
    <Card
      data-testid="course-build-page"
      title={
        <Space>
          {course.data.name}
          <LifecycleTag lifecycle={COURSE_LIFECYCLE} state={course.data.status} />
        </Space>
      }
      extra={
        <Button onClick={() => void navigate(`/dashboard/add-course?id=${id}`)} disabled={!editable}>
          {t('course.basicInfo')}
        </Button>
      }
    >
      {!editable && <Typography.Paragraph type="warning">{t('course.notEditable')}</Typography.Paragraph>}
      <Flex vertical gap={12} style={{ maxWidth: 860 }}>
        {chapters.map((ch, ci) => (
          <Card
            key={ch.key}
            size="small"
            data-testid="course-chapter"
            {...(editable ? draggable('chapter', ci, (from, to) => setChapters((cs) => move(cs, from, to))) : {})}
            title={
              <Space>
                <HolderOutlined style={{ cursor: 'grab' }} />
                <Input
                  value={ch.name}
                  maxLength={COURSE_CHAPTER_NAME_MAX}
                  disabled={!editable}
                  onChange={(e) => update(ci, (c) => ({ ...c, name: e.target.value }))}
                  data-testid="course-chapter-name"
                />
              </Space>
            }
            extra={
              editable && (
                <Space size={0}>
                  <Button type="text" icon={<ArrowUpOutlined />} disabled={ci === 0} onClick={() => setChapters((cs) => move(cs, ci, ci - 1))} aria-label={t('course.up')} />
                  <Button
                    type="text"
                    icon={<ArrowDownOutlined />}
                    disabled={ci === chapters.length - 1}
                    onClick={() => setChapters((cs) => move(cs, ci, ci + 1))}
                    aria-label={t('course.down')}
                  />
                  <Button type="text" danger icon={<DeleteOutlined />} onClick={() => setChapters((cs) => cs.filter((_, i) => i !== ci))} aria-label={t('common.delete')} />
                </Space>
              )
            }
          >
            <List
              size="small"
              dataSource={ch.items}
              locale={{ emptyText: t('course.chapterNoWare') }}
              renderItem={(w, wi) => (
                <List.Item
                  {...(editable ? draggable(`ware-${ch.key}`, wi, (from, to) => update(ci, (c) => ({ ...c, items: move(c.items, from, to) }))) : {})}
                  actions={
                    editable
                      ? [
                          <Button key="rm" type="link" danger size="small" onClick={() => update(ci, (c) => ({ ...c, items: c.items.filter((_, i) => i !== wi) }))}>
                            {t('common.delete')}
                          </Button>,
                        ]
                      : []
                  }
                >
                  <Space>
                    <HolderOutlined style={{ cursor: 'grab' }} />
                    <Tag>{t(`courseware.types.${w.type}`)}</Tag>
                    <span data-testid="course-chapter-ware">{w.name}</span>
                  </Space>
                </List.Item>
              )}
            />
            {editable && (
              <Select
                data-testid="course-ware-search"
                style={{ width: '100%', marginTop: 8 }}
                value={null}
                placeholder={t('course.addWare')}
                showSearch={{ filterOption: false, onSearch: setKeyword }}
                onChange={(wid: number) => {
                  const w = wares.data?.find((x) => x.id === wid);
                  if (w && !ch.items.some((i) => i.id === wid)) update(ci, (c) => ({ ...c, items: [...c.items, w] }));
                }}
                options={(wares.data ?? []).map((w) => ({ value: w.id, label: w.name, disabled: ch.items.some((i) => i.id === w.id) }))}
              />
            )}
          </Card>
        ))}
        {!chapters.length && <Empty description={t('course.chaptersRequired')} />}
        {editable && (
          <Space.Compact style={{ maxWidth: 480 }}>
            <Input
              value={newName}
              maxLength={COURSE_CHAPTER_NAME_MAX}
              placeholder={t('course.chapterName')}
              onChange={(e) => setNewName(e.target.value)}
              onPressEnter={addChapter}
              data-testid="course-new-chapter"
            />
            <Button onClick={addChapter} data-testid="course-add-chapter">
              {t('course.addChapter')}
            </Button>
          </Space.Compact>
        )}
        {problem && (
          <Typography.Text type="danger" data-testid="course-build-problem">
            {problem}
          </Typography.Text>
        )}
        {editable && (
          <Space>
            <Button type="primary" loading={save.isPending} onClick={() => save.mutate()} data-testid="course-save-chapters">
              {t('course.saveChapters')}
            </Button>
            {(course.data.abilities.publish || course.data.abilities.submit) && (
              <Button loading={publish.isPending} onClick={() => publish.mutate()} data-testid="course-publish">
                {t(course.data.abilities.publish ? 'course.saveAndPublish' : 'course.saveAndSubmit')}
              </Button>
            )}
          </Space>
        )}
      </Flex>
    </Card>
  );
}
