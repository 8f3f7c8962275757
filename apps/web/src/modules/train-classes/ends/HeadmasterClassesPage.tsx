import { HeadmasterClassesPage } from './MyClassesPage';

export default HeadmasterClassesPage;
