import './app/early-start';

// An async boundary: federation must negotiate the shared singletons before React loads.
import('./bootstrap');
