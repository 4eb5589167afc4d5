// Card operations as pure step machines (see steps.ts): the one flow the gateway and the console both drive.
export * from './card-write.js';
export * from './finger-enrol.js';
export * from './read-flow.js';
export * from './sector-check.js';
export * from './steps.js';
