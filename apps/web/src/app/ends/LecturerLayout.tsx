import { EndLayout } from './EndLayout';

const ITEMS = [
  { path: '', titleKey: 'ends.home', codes: [] },
  { path: 'training', titleKey: 'ends.training', codes: ['pxgl-js'] },
  { path: 'evaluation', titleKey: 'ends.evaluation', codes: ['pxpj-js'] },
] as const;

export default function LecturerLayout() {
  return <EndLayout base="/lecturer" items={ITEMS} testId="lecturer-menu" />;
}
