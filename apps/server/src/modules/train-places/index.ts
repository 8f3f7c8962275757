// Public surface of the train-places module (training sites): other modules import only from here.
export { trainPlaces } from './train-places.schema.js';
export { registerTrainPlaceUse } from './train-places.usage.js';
