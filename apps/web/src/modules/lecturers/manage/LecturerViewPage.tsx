import { useQuery, skipToken } from '@tanstack/react-query';
import { Avatar, Button, Card, Descriptions, Space, Spin } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { formatTime } from '../../../platform/format';
import { useCan } from '../../../platform/permission';
import { getLecturerById } from '../api';
import { CertifiedTag, KindText, LecturerStatusTag, yuan } from '../components/lecturer-meta';

/** `view-lecturer?id=`: the lecturer's details, read only. */
export default function LecturerViewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const mayModify = useCan('jsgl:modify');
  const q = useQuery({ queryKey: ['lecturer', 'one', id], queryFn: id ? () => getLecturerById({ id }) : skipToken });
  const l = q.data;
  return (
    <Card
      title={t('lecturer.viewTitle')}
      data-testid="lecturer-view-page"
      extra={
        <Space>
          <Button onClick={() => void navigate('/dashboard/manage-lecturer')} data-testid="lecturer-back">
            {t('common.back')}
          </Button>
          {mayModify && l ? (
            <Button type="primary" onClick={() => void navigate(`/dashboard/add-lecturer?id=${l.id}`)} data-testid="lecturer-view-edit">
              {t('common.edit')}
            </Button>
          ) : null}
        </Space>
      }
    >
      {q.isLoading ? (
        <Spin />
      ) : l ? (
        <Space align="start" size={24} wrap>
          <Avatar size={96} src={l.avatar && /^https?:/.test(l.avatar) ? l.avatar : undefined} icon={<UserOutlined />} />
          <Descriptions column={{ xs: 1, md: 2 }} bordered size="small" style={{ minWidth: 520 }}>
            <Descriptions.Item label={t('lecturer.realname')}>{l.realname}</Descriptions.Item>
            <Descriptions.Item label={t('lecturer.username')}>{l.username}</Descriptions.Item>
            <Descriptions.Item label={t('lecturer.kind')}>
              <KindText kind={l.kind} />
            </Descriptions.Item>
            <Descriptions.Item label={t('lecturer.email')}>{l.email ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('lecturer.org')}>{l.orgName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('lecturer.unit')}>{l.unit ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('lecturer.title')}>{l.title ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('lecturer.level')}>{l.levelName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('lecturer.fee')}>{`${yuan(l.feeFen)} ${t('lecturer.yuanPerTime')}`}</Descriptions.Item>
            <Descriptions.Item label={t('lecturer.machineCode')}>{l.machineCode ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('common.status')}>
              <LecturerStatusTag status={l.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('lecturer.certified')}>
              <CertifiedTag certified={l.certified} />
            </Descriptions.Item>
            <Descriptions.Item label={t('lecturer.certificate')} span={2}>
              {l.certificate ?? '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('lecturer.introduction')} span={2}>
              <div style={{ whiteSpace: 'pre-wrap' }}>{l.introduction ?? '-'}</div>
            </Descriptions.Item>
            <Descriptions.Item label={t('common.createdAt')}>{formatTime(l.createdAt)}</Descriptions.Item>
          </Descriptions>
        </Space>
      ) : null}
    </Card>
  );
}
