import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export function RepliedTag({ replied }: { replied: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag color={replied ? 'green' : 'orange'} data-testid={`feedback-status-${replied ? 'replied' : 'pending'}`}>
      {t(replied ? 'feedback.replied' : 'feedback.pending')}
    </Tag>
  );
}
