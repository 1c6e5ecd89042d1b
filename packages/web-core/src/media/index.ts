export * from './video.js';
