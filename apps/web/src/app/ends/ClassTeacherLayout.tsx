import { EndLayout } from './EndLayout';

const ITEMS = [
  { path: '', titleKey: 'ends.home', codes: [] },
  { path: 'training', titleKey: 'ends.training', codes: ['pxgl-bzr'] },
] as const;

export default function ClassTeacherLayout() {
  return <EndLayout base="/class-teacher" items={ITEMS} testId="class-teacher-menu" />;
}
