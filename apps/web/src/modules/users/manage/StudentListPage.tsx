import { PeopleListPage } from '../components/PeopleListPage';
import { PEOPLE } from '../people-kinds';

/** Students (`manage-student`, code xsgl): the user page over `/api/student-user`. */
export default function StudentListPage() {
  return <PeopleListPage cfg={PEOPLE.student} />;
}
