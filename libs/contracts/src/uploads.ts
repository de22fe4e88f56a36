import { z } from 'zod';

/** Largest image POST /image-server/upload accepts (spec: 2 MB). */
export const MAX_UPLOAD_BYTES = 2_097_152;
export const UPLOAD_TOO_LARGE_MESSAGE = 'File size exceeds 2 MB. Please upload a smaller image.';
export const UPLOAD_NOT_IMAGE_MESSAGE = 'Only image files are allowed.';
/** Image types the API accepts, judged by the file's content, not its name. */
export const uploadImageTypes = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/avif',
] as const;

/** POST /image-server/upload (multipart field `image`): `file.url` is absolute. */
export const uploadResponseSchema = z.object({ file: z.object({ url: z.url() }) });
export type UploadResponse = z.infer<typeof uploadResponseSchema>;
