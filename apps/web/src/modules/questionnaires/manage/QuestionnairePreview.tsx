import { useState } from 'react';
import { skipToken, useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Empty, Segmented, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { keysOf, type AnswerProblem, type AnswerSet, type QuestionnaireItem } from '@hanlin/shared';
import { QuestionnaireAnswerForm } from '../answer/QuestionnaireAnswerForm';
import { answerProblems } from '../answer/answer-set';
import { getQuestionnaireById } from '../api';

export interface QuestionnairePreviewProps {
  name: string;
  description?: string;
  items: readonly QuestionnaireItem[];
}

/** The answer page's width on a computer and on a phone. */
const WIDTHS = { desktop: 760, phone: 375 } as const;
type Width = keyof typeof WIDTHS;

/**
 * A template as a respondent sees it: the respondent's own form (`QuestionnaireAnswerForm`), its
 * conditions showing and hiding items as answers change, and "try submitting" checking the answers
 * with the same rules a submission meets. Nothing is saved.
 */
export function QuestionnairePreview({ name, description, items }: QuestionnairePreviewProps) {
  const { t } = useTranslation();
  const [answers, setAnswers] = useState<AnswerSet>({});
  const [errors, setErrors] = useState<Record<string, AnswerProblem>>({});
  const [passed, setPassed] = useState(false);
  const [width, setWidth] = useState<Width>('desktop');
  return (
    <div data-testid="questionnaire-preview" style={{ maxWidth: WIDTHS[width], margin: '0 auto' }}>
      <Alert type="info" showIcon title={t('questionnaire.previewHint')} style={{ marginBottom: 16 }} />
      <Segmented<Width>
        value={width}
        onChange={setWidth}
        options={keysOf<Width>(WIDTHS).map((w) => ({ value: w, label: t(`questionnaire.previewWidth_${w}`) }))}
        style={{ marginBottom: 8 }}
        data-testid="questionnaire-preview-width"
      />
      <Typography.Title level={4} style={{ textAlign: 'center' }}>
        {name}
      </Typography.Title>
      {description ? <Typography.Paragraph type="secondary">{description}</Typography.Paragraph> : null}
      {items.length === 0 ? (
        <Empty description={t('questionnaire.noItems')} />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }} size={16}>
          <QuestionnaireAnswerForm
            items={items}
            value={answers}
            errors={errors}
            onChange={(next) => {
              setAnswers(next);
              setPassed(false);
              // A problem goes away as its question is answered again.
              setErrors((old) => Object.fromEntries(Object.entries(answerProblems(items, next)).filter(([k]) => k in old)));
            }}
          />
          <Space>
            <Button
              type="primary"
              data-testid="questionnaire-preview-check"
              onClick={() => {
                const found = answerProblems(items, answers);
                setErrors(found);
                setPassed(Object.keys(found).length === 0);
              }}
            >
              {t('questionnaire.previewCheck')}
            </Button>
            <Button
              onClick={() => {
                setAnswers({});
                setErrors({});
                setPassed(false);
              }}
            >
              {t('questionnaire.previewReset')}
            </Button>
          </Space>
          {passed && <Alert type="success" showIcon title={t('questionnaire.previewPassed')} data-testid="questionnaire-preview-passed" />}
        </Space>
      )}
    </div>
  );
}

const DRAWER_WIDTH = 820;

/** The preview in a drawer: of the editor's current items, or (`id`) of a saved template. */
export function QuestionnairePreviewDrawer({ id, content, onClose }: { id?: number | null; content?: QuestionnairePreviewProps | null; onClose: () => void }) {
  const { t } = useTranslation();
  const saved = useQuery({ queryKey: ['questionnaires', 'one', id], queryFn: id ? () => getQuestionnaireById({ id }) : skipToken });
  const shown = content ?? (saved.data ? { name: saved.data.name, description: saved.data.description, items: saved.data.items } : null);
  return (
    <Drawer open={!!id || !!content} onClose={onClose} title={t('questionnaire.preview')} size={DRAWER_WIDTH} destroyOnHidden>
      {shown ? <QuestionnairePreview {...shown} /> : <Spin />}
    </Drawer>
  );
}
