import { LecturerClassesPage } from './MyClassesPage';

export default LecturerClassesPage;
