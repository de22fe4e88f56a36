import {
  Body,
  Container,
  Head,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import type { ReactNode } from 'react';

const SITE_NAME = 'ColdMail AI';

const page = { backgroundColor: '#f6f7fb', fontFamily: 'Helvetica, Arial, sans-serif' };
const card = {
  backgroundColor: '#ffffff',
  borderRadius: '8px',
  margin: '24px auto',
  maxWidth: '560px',
  padding: '32px',
};
const brand = { color: '#4f46e5', fontSize: '20px', fontWeight: 700, margin: '0 0 16px' };
const footer = { color: '#6b7280', fontSize: '12px', lineHeight: '18px' };

/**
 * The one layout of every message we send (receipts, refund notices, support replies, admin
 * messages and notices): the brand, the message, and a footer saying who sent it and why.
 */
export function MailLayout({
  preview,
  siteUrl,
  reason,
  children,
}: {
  /** The line inboxes show after the subject. */
  preview: string;
  siteUrl: string;
  /** Why the reader gets this message ('You bought credits on ColdMail AI.'). */
  reason: string;
  children: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={page}>
        <Container style={card}>
          <Text style={brand}>{SITE_NAME}</Text>
          {children}
          <Hr />
          <Section>
            <Text style={footer}>
              {reason} <Link href={siteUrl}>{siteUrl.replace(/^https?:\/\//, '')}</Link>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

export const paragraph = { color: '#111827', fontSize: '15px', lineHeight: '24px' };
export const button = {
  backgroundColor: '#4f46e5',
  borderRadius: '6px',
  color: '#ffffff',
  display: 'inline-block',
  fontSize: '15px',
  fontWeight: 600,
  padding: '12px 20px',
  textDecoration: 'none',
};

/** Text with its line breaks kept (messages are plain text). */
export function Lines({ text }: { text: string }) {
  const lines = text.split(/\r?\n/);
  return (
    <>
      {lines.map((line, index) => (
        <span key={index}>
          {line}
          {index < lines.length - 1 && <br />}
        </span>
      ))}
    </>
  );
}
