import { LabelsPage } from './LabelsPage';

/** `label-question`: the label categories and labels of question kind. */
export default function LabelQuestionPage() {
  return <LabelsPage kind="question" />;
}
