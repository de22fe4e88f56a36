import { warmCurrentRemote } from './app/early-start';

void warmCurrentRemote(window.location.pathname).catch(() => {
  // Only a head start: the remote loader reports real failures.
});

// An async boundary: federation must negotiate the shared singletons before React loads.
import('./bootstrap');
