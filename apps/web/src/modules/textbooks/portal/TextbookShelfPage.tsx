import { useTranslation } from 'react-i18next';
import { TextbookShelf } from './TextbookShelf';

/** Portal "textbooks": the published digital textbooks. */
export default function TextbookShelfPage() {
  const { t } = useTranslation();
  return <TextbookShelf mine={false} title={t('portal.textbooks')} testId="textbook-shelf-page" />;
}
