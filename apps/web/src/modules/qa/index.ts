/**
 * Public face of the Q&A module: other modules import only from this file (lint: boundaries).
 * No other module needs anything from here yet.
 */
export {};
