import { ContactForm } from './ContactForm';
import styles from './ContactForm.module.css';

/** The landing page's last block: a visitor writes to support without signing in. */
export function ContactSection() {
  return (
    <section className={styles.section} aria-labelledby="contact-heading">
      <h2 id="contact-heading" className={styles.heading}>
        Get in Touch
      </h2>
      <p className={styles.lead}>Questions about credits or templates? We answer within a day.</p>
      <ContactForm />
    </section>
  );
}
