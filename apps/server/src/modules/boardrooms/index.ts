// Public surface of the boardrooms module (meeting rooms and bookings): other modules import only from here.
export { boardrooms, boardroomBookings } from './boardrooms.schema.js';
export { registerBoardroomUse } from './boardrooms.usage.js';
