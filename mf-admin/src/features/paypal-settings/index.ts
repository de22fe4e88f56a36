export { PaypalSettingsPanel } from './components/PaypalSettingsPanel';
