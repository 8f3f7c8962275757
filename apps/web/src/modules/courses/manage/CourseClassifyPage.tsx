import { Card } from 'antd';
import { CourseCategoryTree } from './category-tree';

/** Course classification (`manage-course-classify`, code kcfl): a tree of at most 5 levels. */
export default function CourseClassifyPage() {
  return (
    <Card data-testid="course-classify-page" style={{ maxWidth: 640 }}>
      <CourseCategoryTree />
    </Card>
  );
}
