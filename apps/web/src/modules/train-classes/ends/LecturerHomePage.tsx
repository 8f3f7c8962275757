import { LecturerHomePage } from './MyClassesPage';

export default LecturerHomePage;
