/**
 * Public face of this module: other modules import only from this file (lint: boundaries).
 * No other module needs anything from here yet; export it here when one does.
 */
export {};
