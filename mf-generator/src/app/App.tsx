import { Route, Routes } from '@coldmail/router';
import { GenerateEmailPage } from '../features/generate-email/components/GenerateEmailPage';

/** This remote's pages; the shell mounts them at the paths below. */
export default function App() {
  return (
    <Routes>
      <Route path="/user/generate-email" element={<GenerateEmailPage />} />
    </Routes>
  );
}
