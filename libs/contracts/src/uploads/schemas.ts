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
export type UploadImageType = (typeof uploadImageTypes)[number];

/** POST /image-server/upload (multipart field `image`): `file.url` is absolute. */
export const uploadResponseSchema = z.object({ file: z.object({ url: z.url() }) });
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/** Told when an upload would take a user past their storage quota. */
export const UPLOAD_QUOTA_MESSAGE =
  'You have reached your image storage limit. Delete images you no longer use, then try again.';

/** One of the caller's uploaded images (GET /image-server/files). */
export const uploadedImageSchema = z.object({
  id: z.string(),
  url: z.url(),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
  uploadedAt: z.string(),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

/** The caller's images, newest first, and how much of their quota they use (bytes). */
export const myUploadsSchema = z.object({
  files: z.array(uploadedImageSchema),
  usedBytes: z.number().int().nonnegative(),
  quotaBytes: z.number().int().positive(),
});
export type MyUploads = z.infer<typeof myUploadsSchema>;
