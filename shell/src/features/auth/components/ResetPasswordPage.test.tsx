import { startTestApi, type TestApi } from '@coldmail/testing';
import { MemoryRouter } from '@coldmail/router/memory';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { configureAuth } from '../api/auth-settings';
import { ResetPasswordPage } from './ResetPasswordPage';

let api: TestApi;
afterEach(() => api.close());

/** Firebase Auth's call that e-mails a reset link, as its SDK sends it to an emulator. */
const SEND_OOB_CODE = '/identitytoolkit.googleapis.com/v1/accounts:sendOobCode';

describe('/reset-password', () => {
  it("sends another reset link to the same address from the sent view's 'try again'", async () => {
    const email = 'ada@example.com';
    // The Auth emulator's REST API as the SDK calls it: sign-in runs on the real SDK.
    api = await startTestApi({
      [`POST ${SEND_OOB_CODE}`]: { body: { kind: 'identitytoolkit#GetOobCodeResponse', email } },
    });
    configureAuth({ apiKey: 'test-api-key', projectId: 'demo-coldmail', emulatorUrl: api.url });
    const resetRequests = () => api.requests.filter((request) => request.path === SEND_OOB_CODE);
    render(
      <MemoryRouter>
        <ResetPasswordPage />
      </MemoryRouter>,
    );

    await userEvent.type(screen.getByLabelText(/Email/), email);
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('heading', { name: 'Password Reset Email Sent!' })).toBeTruthy();
    expect(
      screen.getByText(`We've sent instructions to reset your password to ${email}.`),
    ).toBeTruthy();
    expect(resetRequests()).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'try again' }));
    await waitFor(() => expect(resetRequests()).toHaveLength(2));
    expect(resetRequests().map((request) => request.body)).toEqual([
      expect.objectContaining({ requestType: 'PASSWORD_RESET', email }),
      expect.objectContaining({ requestType: 'PASSWORD_RESET', email }),
    ]);
    expect(screen.getByRole('heading', { name: 'Password Reset Email Sent!' })).toBeTruthy();
  });
});
