// POST /api/studio/media (multipart `file`) → {url}: images, WebM/MP4 videos and WebVTT captions. The server judges
// the type by the bytes and answers 415 (type) or 413 (size) with a message that the form shows as is.
import { useMutation } from '@tanstack/react-query';
import type { MediaUpload } from '../../../../shared/studio';
import { upload } from '../../../lib/upload';

export function uploadMedia(file: File, onProgress?: (fraction: number) => void): Promise<MediaUpload> {
  return upload<MediaUpload>('/api/studio/media', file, { onProgress });
}

export function useUploadMedia(onProgress?: (fraction: number) => void) {
  return useMutation({ mutationFn: (file: File) => uploadMedia(file, onProgress) });
}
