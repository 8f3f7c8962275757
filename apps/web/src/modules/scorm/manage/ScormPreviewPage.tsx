import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, List, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SCORM_LIMITS } from '@hanlin/shared';
import { ApiError } from '../../../platform/api/client';
import { formatTime } from '../../../platform/format';
import { importScormPackage, listScormPackages } from '../api';
import { ScormPlayer } from '../components/ScormPlayer';
import { scormRefusalText } from '../components/scorm-reason';
import { useFeedback } from '../../../platform/feedback';
import { errorOf, pickedFile } from '../../../platform/dom';

/** `scorm-preview` (kjgl): import a SCORM 1.2 zip and play it as a learner would (context 'preview'). */
export default function ScormPreviewPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const qc = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [playing, setPlaying] = useState<number | null>(null);
  const packages = useQuery({ queryKey: ['scorm', 'list'], queryFn: listScormPackages });

  return (
    <div data-testid="scorm-preview-page" style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Card title={t('scorm.import')}>
        <Upload.Dragger
          accept=".zip"
          showUploadList={false}
          disabled={busy}
          data-testid="scorm-upload"
          beforeUpload={(file) => {
            if (file.size > SCORM_LIMITS.packedMaxBytes) {
              message.error(t('scorm.tooLarge', { mb: SCORM_LIMITS.packedMaxBytes / 1024 / 1024 }));
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
          customRequest={async ({ file, onSuccess, onError }) => {
            setBusy(true);
            setRefusal(null);
            try {
              const pkg = await importScormPackage({ file: pickedFile(file) });
              message.success(t('scorm.imported', { title: pkg.title }));
              await qc.invalidateQueries({ queryKey: ['scorm', 'list'] });
              setPlaying(pkg.id);
              onSuccess?.(pkg);
            } catch (e) {
              setRefusal(e instanceof ApiError ? scormRefusalText(e) : String(e));
              onError?.(errorOf(e));
            } finally {
              setBusy(false);
            }
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p>{busy ? t('scorm.importing') : t('scorm.importHint')}</p>
        </Upload.Dragger>
        {refusal ? <Alert style={{ marginTop: 12 }} type="error" showIcon title={refusal} data-testid="scorm-refusal" /> : null}
      </Card>
      {playing ? (
        <Card title={t('scorm.preview')} extra={<Button onClick={() => setPlaying(null)}>{t('scorm.close')}</Button>}>
          <ScormPlayer key={playing} packageId={playing} contextKey="preview" />
        </Card>
      ) : null}
      <Card title={t('scorm.packages')}>
        <List
          loading={packages.isLoading}
          dataSource={packages.data ?? []}
          renderItem={(p) => (
            <List.Item
              data-testid="scorm-package"
              actions={[
                <Button key="play" type="link" onClick={() => setPlaying(p.id)} data-testid="scorm-play">
                  {t('scorm.play')}
                </Button>,
              ]}
            >
              <List.Item.Meta title={p.title} description={`${p.fileName} · ${t('scorm.scoCount', { count: p.scos.length })} · ${formatTime(p.createdAt)}`} />
            </List.Item>
          )}
        />
      </Card>
    </div>
  );
}
