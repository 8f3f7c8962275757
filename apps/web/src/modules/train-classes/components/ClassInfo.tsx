import { Descriptions, Image, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TrainClassDetail, TrainClassStage } from '@hanlin/shared';
import { formatTime } from '../../../platform/format';
import { DisplayStateTag, TrainClassStateTag, placeOf } from './meta';

/** The stages of a class: when, where, who and what. */
export function StagesTable({ stages }: { stages: readonly TrainClassStage[] }) {
  const { t } = useTranslation();
  return (
    <Table<TrainClassStage>
      size="small"
      rowKey="id"
      pagination={false}
      scroll={{ x: true }}
      dataSource={[...stages]}
      data-testid="train-class-stages-table"
      columns={[
        { key: 'name', dataIndex: 'name', title: t('trainClasses.stageName') },
        { key: 'time', title: t('trainClasses.stageTime'), render: (_, s) => `${formatTime(s.startsAt)} – ${formatTime(s.endsAt)}` },
        { key: 'place', title: t('trainClasses.place'), render: (_, s) => placeOf(s) },
        { key: 'lecturer', title: t('trainClasses.lecturer'), render: (_, s) => s.lecturerName ?? '' },
        { key: 'course', title: t('trainClasses.stageCourse'), render: (_, s) => s.trainCourseName ?? '' },
        { key: 'topic', dataIndex: 'topic', title: t('trainClasses.topic') },
      ]}
    />
  );
}

/** A class at a glance (back office detail, the ends' workspace): facts, stages, budget, courses. */
export function ClassInfo({ c }: { c: TrainClassDetail }) {
  const { t } = useTranslation();
  return (
    <div data-testid="train-class-info">
      <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
        <Descriptions.Item label={t('trainClasses.code')}>{c.code}</Descriptions.Item>
        <Descriptions.Item label={t('trainClasses.name')}>
          <span data-testid="train-class-info-name">{c.name}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('common.status')}>
          <TrainClassStateTag state={c.state} /> <DisplayStateTag state={c.displayState} />
        </Descriptions.Item>
        <Descriptions.Item label={t('trainClasses.org')}>{c.orgName}</Descriptions.Item>
        <Descriptions.Item label={t('trainClasses.mode')}>{t(`trainClasses.mode_${c.mode}`)}</Descriptions.Item>
        <Descriptions.Item label={t('trainClasses.form')}>{t(`trainClasses.form_${c.form}`)}</Descriptions.Item>
        <Descriptions.Item label={t('trainClasses.planKind')}>{t(`trainClasses.planKind_${c.planKind}`)}</Descriptions.Item>
        <Descriptions.Item label={t('trainClasses.approvalState')}>{t(`trainClasses.approval_${c.approvalState}`)}</Descriptions.Item>
        <Descriptions.Item label={t('trainClasses.startAt')}>{formatTime(c.startAt)}</Descriptions.Item>
        <Descriptions.Item label={t('trainClasses.endAt')}>{formatTime(c.endAt)}</Descriptions.Item>
        <Descriptions.Item label={t('trainClasses.enrolStartAt')}>{formatTime(c.enrolStartAt)}</Descriptions.Item>
        <Descriptions.Item label={t('trainClasses.enrolEndAt')}>{formatTime(c.enrolEndAt)}</Descriptions.Item>
        <Descriptions.Item label={t('trainClasses.seats')}>
          <span data-testid="train-class-info-seats">
            {c.seatsTaken} / {c.traineeQuota}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('trainClasses.days')}>{c.days}</Descriptions.Item>
        <Descriptions.Item label={t('trainClasses.headmaster')}>{c.headmasterName ?? ''}</Descriptions.Item>
        <Descriptions.Item label={t('trainClasses.contact')}>
          {c.contact} {c.phone}
        </Descriptions.Item>
        <Descriptions.Item label={t('trainClasses.budgetPerCapita')}>{c.budgetPerCapita}</Descriptions.Item>
        <Descriptions.Item label={t('trainClasses.certificate')}>
          <span data-testid="train-class-info-certificate">{c.certificateTemplateName ?? t('trainClasses.certificateNone')}</span>
        </Descriptions.Item>
        {c.mode === 'mixed' ? <Descriptions.Item label={t('trainClasses.courses')}>{c.courses.map((x) => x.name).join(', ')}</Descriptions.Item> : null}
        {c.cancelReason ? (
          <Descriptions.Item label={t('trainClasses.cancelledBecause')} span={2}>
            <span data-testid="train-class-info-cancel-reason">{c.cancelReason}</span>
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label={t('trainClasses.applicationNotice')} span={2}>
          {c.applicationNotice}
        </Descriptions.Item>
        {c.cover?.url ? (
          <Descriptions.Item label={t('trainClasses.cover')}>
            <Image src={c.cover.url} width={120} />
          </Descriptions.Item>
        ) : null}
        {c.preview ? (
          <Descriptions.Item label={t('trainClasses.preview')}>{c.preview.url ? <a href={c.preview.url}>{c.preview.name}</a> : c.preview.name}</Descriptions.Item>
        ) : null}
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('trainClasses.stages')}
      </Typography.Title>
      <StagesTable stages={c.stages} />
      {c.budgetItems.length ? (
        <>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('trainClasses.budget')}
          </Typography.Title>
          <Table
            size="small"
            rowKey={(_, i) => String(i)}
            pagination={false}
            dataSource={c.budgetItems}
            columns={[
              { key: 'project', dataIndex: 'project', title: t('trainClasses.budgetProject') },
              { key: 'amount', dataIndex: 'amountPerCapita', title: t('trainClasses.budgetAmount') },
            ]}
          />
        </>
      ) : null}
    </div>
  );
}
