export { uploadWithProgress, type UploadOptions, type UploadProgress } from './upload.js';
