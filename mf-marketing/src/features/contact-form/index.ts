export { ContactForm } from './components/ContactForm';
export { ContactSection } from './components/ContactSection';
