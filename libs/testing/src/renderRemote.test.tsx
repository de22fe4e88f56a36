import { Navigate, Route, Routes } from '@coldmail/router';
import { useMe, useSession } from '@coldmail/session';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userRecord } from './builders';
import { currentPath, renderRemote } from './renderRemote';

function Greeting() {
  const { record: profile } = useMe();
  return <p>{profile ? `Hello ${profile.userName}` : 'No profile yet'}</p>;
}

function App() {
  return (
    <Routes>
      <Route path="/user/old" element={<Navigate to="/user/new" replace />} />
      <Route path="/user/new" element={<Greeting />} />
    </Routes>
  );
}

describe('renderRemote', () => {
  it('renders the app at the path for a signed-in user and reports where it is now', () => {
    renderRemote(App, '/user/old', {
      apiUrl: 'http://127.0.0.1:9',
      profile: userRecord({ userName: 'Ada' }),
    });
    expect(screen.getByText('Hello Ada')).toBeTruthy();
    expect(currentPath()).toBe('/user/new');
    expect(useSession.getState()).toMatchObject({
      status: 'signed-in',
      apiBaseUrl: 'http://127.0.0.1:9',
    });
  });

  it('leaves the profile unloaded when asked to', () => {
    renderRemote(App, '/user/new', { apiUrl: 'http://127.0.0.1:9', profile: null });
    expect(screen.getByText('No profile yet')).toBeTruthy();
  });
});
