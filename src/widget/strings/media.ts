/** The words of images, recordings and video: they load with the media code, not with every chat. */
export const mediaEn = {
  attach: 'Attach images or a video',
  camera: 'Take a photo',
  talk: 'Hold to talk',
  recording: 'Recording — release to send; slide away or press Escape to cancel',
  remove: 'Remove',
  uploading: 'Uploading',
  refusedType: '“{name}” is not a PNG, JPEG, WEBP or GIF image, or an MP4, MKV, AVI, FLV or MPEG video.',
  refusedAnimated: '“{name}” is an animated GIF: send a still image.',
  refusedSize: '“{name}” is larger than {limit} MB.',
  refusedCount: 'At most 10 images go with one message: “{name}” was left out.',
  refusedMixed: 'A video goes alone in a message: “{name}” was left out.',
  uploadFailed: '“{name}” could not be uploaded: {reason}',
  micDenied: 'The microphone is blocked. Allow it in your browser’s settings to talk.',
  micMissing: 'No microphone was found.',
  recordingOf: 'Your recording',
  imageOf: 'Image {name}',
  videoOf: 'Video {name}',
  fileMissing: 'This file is no longer available.',
};

export type MediaStrings = typeof mediaEn;
