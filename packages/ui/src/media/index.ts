export { ImageEditor, type EditedImage, type ImageEditorProps, type ImageEditorRejection } from './ImageEditor.js';
export { LazyImageEditor } from './LazyImageEditor.js';
export { ImageGallery, stepIndex, type GalleryPicture, type ImageGalleryProps } from './ImageGallery.js';
export { VideoPlayer, type PlayerVideo, type VideoPlayerProps } from './VideoPlayer.js';
export { composeEditedImage, decodeImageFile, drawEditorCanvas, editedFileName, type DecodedImage } from './draw.js';
export * from './media-icons.js';
