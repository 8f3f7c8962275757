/** Public face of this module: other modules import only from this file (lint: boundaries). */
// The course picker of the training-class editor (a class stage teaches one face-to-face course).
export { TrainCoursePicker, type TrainCoursePickerProps } from './components/TrainCoursePicker';
export { findTrainCourseOptions } from './api';
