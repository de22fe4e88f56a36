// The feature's public surface, for the settings dashboard that hosts its panels.
export { GeminiKeysPanel } from './components/GeminiKeysPanel';
