export { InvoiceSettingsPanel } from './components/InvoiceSettingsPanel';
