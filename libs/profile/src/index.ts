export { ProfileSettingsForm } from './ProfileSettingsForm';
