import { currentMe } from '@coldmail/session';
import {
  renderRemote,
  startTestApi,
  userRecord,
  type ApiRoutes,
  type TestApi,
} from '@coldmail/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import App from '../../../app/App';

const PHOTO_URL = 'https://api.example.com/image-server/files/6a0000000000000000000001';
let api: TestApi;

async function open(routes: ApiRoutes) {
  api = await startTestApi(routes);
  renderRemote(App, '/update-profile', { apiUrl: api.url });
  return userEvent.setup();
}

const requestTo = (path: string) => api.requests.find((request) => request.path === path);

afterEach(() => api.close());

describe('Profile Settings', () => {
  it('uploads a new photo, then saves it with the other fields', async () => {
    const user = await open({
      'uploads.upload': { status: 201, body: { file: { url: PHOTO_URL } } },
      'users.updateProfile': {
        body: userRecord({ userName: 'Bea Buyer-Smith', profileURL: PHOTO_URL }),
      },
      // The record as the save left it, read again because the save made it stale.
      'users.list': { body: [userRecord({ userName: 'Bea Buyer-Smith', profileURL: PHOTO_URL })] },
    });

    const photo = new File(['png bytes'], 'me.png', { type: 'image/png' });
    await user.upload(await screen.findByLabelText('Profile photo file'), photo);
    expect(await screen.findByText('Image uploaded successfully!')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Profile' }).getAttribute('src')).toBe(PHOTO_URL);
    expect(String(requestTo('/image-server/upload')?.body)).toContain('name="image"');

    await user.clear(screen.getByLabelText(/Full Name/));
    await user.type(screen.getByLabelText(/Full Name/), 'Bea Buyer-Smith');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeTruthy();
    expect(requestTo(`/update-user-profile/${userRecord()._id}`)?.body).toMatchObject({
      userName: 'Bea Buyer-Smith',
      profileURL: PHOTO_URL,
    });
    expect(currentMe()?.userName).toBe('Bea Buyer-Smith');
  });

  it('refuses a photo over 2 MB without uploading it', async () => {
    const user = await open({});
    const large = new File([new Uint8Array(2_097_153)], 'large.png', { type: 'image/png' });
    await user.upload(await screen.findByLabelText('Profile photo file'), large);

    expect(
      await screen.findByText('File size exceeds 2 MB. Please upload a smaller image.'),
    ).toBeTruthy();
    expect(api.requests).toEqual([]);
  });

  it('refuses a file that is not an image without uploading it', async () => {
    await open({});
    const notes = new File(['just text'], 'notes.txt', { type: 'text/plain' });
    // Not through the picker, which filters by type: a file can also arrive by drag and drop.
    fireEvent.change(await screen.findByLabelText('Profile photo file'), {
      target: { files: [notes] },
    });

    expect(await screen.findByText('Only image files are allowed.')).toBeTruthy();
    expect(api.requests).toEqual([]);
  });

  it('says so when the upload fails', async () => {
    const user = await open({ 'uploads.upload': { status: 500 } });
    const photo = new File(['png bytes'], 'me.png', { type: 'image/png' });
    await user.upload(await screen.findByLabelText('Profile photo file'), photo);

    expect(await screen.findByText('Failed to upload image.')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Profile' })).toBeNull();
  });

  it('says the update failed, without a reason, when the answer gives none (a proxy’s error page)', async () => {
    const user = await open({
      'PUT /update-user-profile/:id': {
        status: 502,
        body: '<html><body>Bad Gateway</body></html>',
        contentType: 'text/html',
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update profile.')).toBeTruthy();
  });

  it('shows the server’s reason when the update is refused, and keeps the form', async () => {
    const user = await open({
      'users.updateProfile': {
        status: 400,
        body: { statusCode: 400, message: 'Invalid phone number' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Failed to update profile: Invalid phone number')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save Changes' }).disabled).toBe(
        false,
      ),
    );
  });
});
