export { ContactForm } from './components/ContactForm';
