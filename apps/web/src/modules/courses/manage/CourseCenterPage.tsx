import { Card, Col, Empty, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { COURSE_CENTER_PAGES } from '../course-center';
import { useSession } from '../../../platform/session';
import { can } from '../../../platform/permission';

/** `/dashboard/course`: the course center, one tile per course page the caller may open. */
export default function CourseCenterPage() {
  const { t } = useTranslation();
  const granted = useSession((s) => s.operateAuth);
  const pages = COURSE_CENTER_PAGES.filter((p) => can(granted, p.code));
  return (
    <Card title={t('perm.group:course')} data-testid="course-center-page">
      {pages.length ? (
        <Row gutter={[16, 16]}>
          {pages.map((p) => (
            <Col key={p.code} xs={24} sm={12} lg={8} xl={6}>
              <Link to={`/dashboard/${p.path}`} data-testid={`course-center-${p.path}`}>
                <Card hoverable size="small">
                  {t(`perm.${p.code}`)}
                </Card>
              </Link>
            </Col>
          ))}
        </Row>
      ) : (
        <Empty />
      )}
    </Card>
  );
}
