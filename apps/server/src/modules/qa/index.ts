// Public surface of the Q&A module: other modules import only from here. Nothing is needed by another module yet.
export {};
