export * from './rules.js';
export * from './video-duration.js';
export * from './annotations.js';
