import { HeadmasterHomePage } from './MyClassesPage';

export default HeadmasterHomePage;
