export { uploadWithProgress, type UploadOptions, type UploadProgress } from './upload.js';
export { blobReader, browserVideoDuration, prepareVideo, readVideoDuration, VIDEO_METADATA_TIMEOUT_MS, type PreparedVideo } from './video.js';
export { PICTURE_POSITION_TIMEOUT_MS, positionFields, readPicturePosition, type PicturePosition } from './position.js';
