import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Flex, Input, List, Pagination, Rate, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { COURSE_COMMENT_MAX } from '@hanlin/shared';
import { ApiError } from '../../../platform/api/client';
import { formatTime } from '../../../platform/format';
import { findCourseComments, postCourseComment } from '../api';
import { useFeedback } from '../../../platform/feedback';

const SIZE = 10;

/** Learners' comments of a course (visible ones, newest first) and the box to post one; fits 390 px. */
export function CourseComments({ courseId }: { courseId: number }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [content, setContent] = useState('');
  const [rating, setRating] = useState(0);
  const comments = useQuery({ queryKey: ['course-comments', courseId, page], queryFn: () => findCourseComments({ courseId, page, size: SIZE }) });
  const post = useMutation({
    mutationFn: () => postCourseComment({ courseId, content: content.trim(), rating: rating || null }),
    onSuccess: async () => {
      setContent('');
      setRating(0);
      setPage(1);
      void message.success(t('course.comment.posted'));
      await queryClient.invalidateQueries({ queryKey: ['course-comments', courseId] });
    },
    onError: (e) => e instanceof ApiError && void message.error(e.text),
  });
  return (
    <Flex vertical gap={12} data-testid="course-comments">
      <Flex vertical gap={8}>
        <Rate value={rating} onChange={setRating} data-testid="course-comment-rating" />
        <Input.TextArea
          value={content}
          onChange={(e) => setContent(e.target.value)}
          maxLength={COURSE_COMMENT_MAX}
          showCount
          autoSize={{ minRows: 2, maxRows: 6 }}
          placeholder={t('course.comment.placeholder')}
          data-testid="course-comment-input"
        />
        <Button
          type="primary"
          style={{ alignSelf: 'flex-end' }}
          disabled={!content.trim()}
          loading={post.isPending}
          onClick={() => post.mutate()}
          data-testid="course-comment-post"
        >
          {t('course.comment.post')}
        </Button>
      </Flex>
      <List
        loading={comments.isLoading}
        dataSource={comments.data?.records ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('course.comment.none')} /> }}
        renderItem={(c) => (
          <List.Item data-testid="course-comment">
            <Flex vertical gap={4} style={{ width: '100%', minWidth: 0 }}>
              <Flex justify="space-between" wrap gap={4}>
                <Typography.Text strong>{c.userName ?? '—'}</Typography.Text>
                <Typography.Text type="secondary">{formatTime(c.createdAt)}</Typography.Text>
              </Flex>
              {c.rating ? <Rate disabled value={c.rating} style={{ fontSize: 12 }} /> : null}
              <Typography.Paragraph style={{ marginBottom: 0, wordBreak: 'break-word', whiteSpace: 'pre-wrap' }}>{c.content}</Typography.Paragraph>
            </Flex>
          </List.Item>
        )}
      />
      {(comments.data?.total ?? 0) > SIZE && (
        <Pagination simple current={page} pageSize={SIZE} total={comments.data?.total ?? 0} onChange={setPage} style={{ alignSelf: 'center' }} />
      )}
    </Flex>
  );
}
