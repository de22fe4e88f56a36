import { Button, Heading, Text } from '@react-email/components';
import { button, Lines, MailLayout, paragraph } from './layout';

const quote = {
  ...paragraph,
  borderLeft: '3px solid #c7d2fe',
  margin: '16px 0',
  paddingLeft: '12px',
};

/** An admin's reply to a support ticket. */
export function SupportReplyMail({
  name,
  subject,
  reply,
  howToAnswer,
  siteUrl,
}: {
  name: string;
  subject: string;
  reply: string;
  howToAnswer: string;
  siteUrl: string;
}) {
  return (
    <MailLayout
      preview={`Our support team replied to “${subject}”`}
      siteUrl={siteUrl}
      reason="You get this message because you wrote to ColdMail AI support."
    >
      <Text style={paragraph}>Hello {name},</Text>
      <Text style={paragraph}>Our support team replied to your ticket “{subject}”:</Text>
      <Text style={quote}>
        <Lines text={reply} />
      </Text>
      <Text style={paragraph}>{howToAnswer}</Text>
    </MailLayout>
  );
}

/** A message an admin writes to a user from the back office (already sanitised HTML). */
export function AdminMessageMail({
  subject,
  html,
  siteUrl,
}: {
  subject: string;
  html: string;
  siteUrl: string;
}) {
  return (
    <MailLayout
      preview={subject}
      siteUrl={siteUrl}
      reason="You get this message because you have an account on ColdMail AI."
    >
      {/* The admin's message is HTML already sanitised by sanitize-html (MessagesService). */}
      <div style={paragraph} dangerouslySetInnerHTML={{ __html: html }} />
    </MailLayout>
  );
}

/** The link that sets the password of an admin account the API created (ADMIN_EMAILS). */
export function AdminAccountMail({
  email,
  link,
  siteUrl,
}: {
  email: string;
  link: string;
  siteUrl: string;
}) {
  return (
    <MailLayout
      preview="Set the password of your admin account"
      siteUrl={siteUrl}
      reason="You get this message because this address is an administrator of ColdMail AI."
    >
      <Heading as="h1">Your admin account</Heading>
      <Text style={paragraph}>An admin account on ColdMail AI was created for {email}.</Text>
      <Button href={link} style={button}>
        Set its password
      </Button>
      <Text style={paragraph}>
        Then sign in. If you did not expect this, ignore this message: nobody can sign in to the
        account until its password is set from this mailbox.
      </Text>
    </MailLayout>
  );
}

/** Told to every admin when the PayPal account payments go to changes. */
export function PaypalAccountChangeMail({
  paragraphs,
  siteUrl,
}: {
  paragraphs: string[];
  siteUrl: string;
}) {
  return (
    <MailLayout
      preview="The PayPal account of ColdMail AI was changed"
      siteUrl={siteUrl}
      reason="You get this notice because you are an administrator of ColdMail AI."
    >
      {paragraphs.map((text, index) => (
        <Text key={index} style={paragraph}>
          {text}
        </Text>
      ))}
    </MailLayout>
  );
}
