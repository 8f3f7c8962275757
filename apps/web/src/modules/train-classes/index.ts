// Public face of the train-classes web module (management pages are collected by manage-pages.ts).
export { TrainClassPicker, useTrainClass } from './components/TrainClassPicker';
export { ClassWorkspace, type WorkspaceTab } from './ends/ClassWorkspace';
export { ClassNoticesPanel } from './ends/ClassNoticesPanel';
export { ClassInfo, StagesTable } from './components/ClassInfo';
export { DisplayStateTag, TrainClassStateTag } from './components/meta';
export { findTrainClasses, getTrainClassById, trainClassOptions, getMyTrainClass, myHeadmasterClasses, myLecturerClasses } from './api';
