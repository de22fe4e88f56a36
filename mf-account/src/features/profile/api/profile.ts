import type { ProfileUpdateBody, UploadResponse, UserRecord } from '@coldmail/contracts';
import { apiClient } from '@coldmail/session';

/** POST /image-server/upload: stores the image and answers its public URL. */
export async function uploadProfileImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  const { data } = await apiClient.post<UploadResponse>('/image-server/upload', form);
  return data.file.url;
}

/** PUT /update-user-profile/:id: the signed-in user's own profile; answers the updated record. */
export async function updateProfile(id: string, body: ProfileUpdateBody): Promise<UserRecord> {
  const { data } = await apiClient.put<UserRecord>(`/update-user-profile/${id}`, body);
  return data;
}
