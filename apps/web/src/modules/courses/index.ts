/** Public face of this module: other modules import only from this file (lint: boundaries). Nothing is shared yet. */
export {};
