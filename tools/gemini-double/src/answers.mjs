// The model's answers, written from the prompt's fields: the same prompt always gets the same
// text. An email is 'Subject: …\n\nBody:\nDear …,\n\n…\n\nBest regards,\n{sender}' with 140–170
// words between greeting and closing (inside the 120–200 the generator asks for, with or without
// the greeting and signature counted), whatever the length of the purpose and details.
import { readRequest } from './prompt.mjs';

const TONES = {
  professional: {
    subject: '',
    opener: 'I hope this message finds you well.',
    purposeLead: 'I am writing to you about the following',
    detailsLead: 'A few details that matter here',
    fillers: [
      'I have kept this note brief out of respect for your time.',
      'I believe this could be relevant to your work and your priorities this quarter.',
      'Our team has helped organisations in a similar position save time and reduce avoidable costs.',
      'I would be glad to share a short summary or a few examples if that would be useful.',
      'There is no obligation, and I am happy to adapt the proposal to what matters most to you.',
      'If someone else on your team is better placed to discuss this, I would appreciate an introduction.',
      'We have a clear plan for getting started that takes very little effort on your side.',
    ],
    ask: 'Would you be open to a short call next week to discuss whether this is a good fit?',
    thanks: 'Thank you for your time and consideration. I look forward to hearing from you.',
  },
  friendly: {
    subject: 'Quick hello: ',
    opener: 'I hope you are having a great week!',
    purposeLead: 'I wanted to reach out personally about something I think you will like',
    detailsLead: 'Here is a little more context',
    fillers: [
      'I know your inbox is busy, so I will keep this short and sweet.',
      'It would be lovely to hear what you think, even if the timing is not right.',
      'Plenty of people we work with started with a simple conversation just like this one.',
      'I am happy to send over a few examples or answer any questions you might have.',
      'No pressure at all; I would simply love to find out whether this could help you.',
      'If there is someone else I should talk to, just point me in the right direction.',
      'We have had a lot of fun building this, and the feedback so far has been wonderful.',
      'I would really enjoy hearing a bit about what you are working on at the moment.',
    ],
    ask: 'Would you be up for a quick chat sometime next week?',
    thanks: 'Thanks so much for reading, and I hope to hear from you soon.',
  },
  formal: {
    subject: 'Regarding: ',
    opener: 'I trust this letter finds you well.',
    purposeLead: 'I am writing to you formally in connection with the following matter',
    detailsLead: 'Please permit me to set out the relevant particulars',
    fillers: [
      'I have endeavoured to keep this correspondence concise.',
      'I would be pleased to provide any further documentation you may require.',
      'Should another member of your organisation be better placed to consider this matter, I would be grateful for a referral.',
      'I remain at your disposal to clarify any aspect of this proposal.',
      'It would be an honour to discuss how this may serve the interests of your organisation.',
      'I appreciate that your schedule is demanding, and I am grateful for your attention.',
      'Our organisation has a long record of serving clients with discretion and diligence.',
      'I would, of course, respect any preference you may have as to the format of our discussion.',
      'Please do not hesitate to contact me should you require any clarification in the meantime.',
    ],
    ask: 'I would be grateful for the opportunity to arrange a brief meeting at your convenience.',
    thanks: 'Thank you for your kind consideration. I look forward to your reply.',
  },
  persuasive: {
    subject: 'An opportunity for you: ',
    opener: 'Most teams I speak with are looking for ways to achieve more with less effort.',
    purposeLead: 'That is exactly why I am reaching out, and here is what I have in mind',
    detailsLead: 'Here is why this is worth a closer look',
    fillers: [
      'The organisations that move early on this tend to see results within weeks, not months.',
      'Every week spent on the old approach is time and budget that could be working harder for you.',
      'The risk is low, and the potential upside for your team is significant.',
      'I can show you concrete numbers from companies in a similar position to yours.',
      'It takes only a few minutes to find out whether the fit is right.',
      'I am confident that a short conversation will make the value clear.',
    ],
    ask: 'Can we book fifteen minutes this week so I can show you exactly how it would work for you?',
    thanks: 'Thank you for considering this. I look forward to showing you what is possible.',
  },
  promotional: {
    subject: 'Do not miss this: ',
    opener: 'I have some exciting news to share with you!',
    purposeLead: 'Here is what we have prepared especially for you',
    detailsLead: 'Highlights you will not want to miss',
    fillers: [
      'This offer is available for a limited time only, so now is the perfect moment to act.',
      'Customers who have already taken advantage of it are delighted with the results.',
      'Getting started is quick and simple, with no complicated setup required.',
      'We have designed it to deliver real value from the very first day.',
      'I would be happy to reserve a spot for you or answer any questions you might have.',
      'Make sure you are among the first to benefit from it.',
      'Our team has put a great deal of care into making every detail work for you.',
      'There has never been a better time to see what it can do for you.',
    ],
    ask: 'Reply to this email today and I will make sure you get the full details right away.',
    thanks: 'Thank you for your time, and I hope you are as excited about this as we are.',
  },
  casual: {
    subject: 'Quick note: ',
    opener: 'Hope all is good on your end.',
    purposeLead: 'Just dropping you a line about this',
    detailsLead: 'A bit of background',
    fillers: [
      'No big formal pitch here, just a quick heads-up.',
      'Figured it might be useful for you and your team.',
      'Happy to send more info or a couple of examples if you want.',
      'If it is not your thing, no worries at all.',
      'And if someone else handles this, feel free to pass it along.',
      'It would be great to hear what you think whenever you get a minute.',
      'We have been working on this for a while and I am pretty excited about it.',
      'Nothing complicated, and it should not take much of your time.',
      'A few folks in your space have already given it a go and liked it.',
      'I can keep it super short, ten minutes tops.',
      'Totally fine to just reply with a yes, a no or a maybe later.',
      'Either way, I appreciate you taking a look.',
    ],
    ask: 'Fancy a quick call sometime next week?',
    thanks: 'Thanks for reading, talk soon.',
  },
  apologetic: {
    subject: 'Our apologies: ',
    opener: 'Please accept my sincere apologies for any inconvenience we may have caused.',
    purposeLead: 'I am writing to you about the following',
    detailsLead: 'I want to be transparent about what happened',
    fillers: [
      'We take full responsibility and have already taken steps to make sure it does not happen again.',
      'Your trust matters a great deal to us, and we know we fell short of your expectations.',
      'If there is anything we can do to make this right, please let me know.',
      'I have personally reviewed the situation to understand where we went wrong.',
      'We are grateful for your patience while we put things right.',
      'I would welcome the chance to hear your feedback directly.',
      'We have reviewed our processes carefully so that you can rely on us again.',
      'I understand how frustrating this must have been, and I do not take it lightly.',
    ],
    ask: 'Would you allow me a few minutes on a call to explain what we are doing to put this right?',
    thanks: 'Thank you for your understanding, and once again, I am truly sorry.',
  },
  appreciative: {
    subject: 'Thank you: ',
    opener: 'I wanted to start by saying how much I appreciate your time and your work.',
    purposeLead: 'With that in mind, I am reaching out about the following',
    detailsLead: 'A few details worth sharing',
    fillers: [
      'Your support and insight have made a real difference to us.',
      'It is people like you who make this kind of work so rewarding.',
      'We would be delighted to continue building on what we have achieved together.',
      'I would love to hear your thoughts and any ideas you might have.',
      'Please know that your contribution has not gone unnoticed.',
      'It would be a pleasure to find a way to return the favour.',
      'I have learned a great deal from the way you approach your work.',
      'Your generosity with your time has not been taken for granted.',
      'Every conversation with you has left us with something valuable to build on.',
    ],
    ask: 'Would you be open to a short conversation in the coming days?',
    thanks: 'Thank you again for everything. I look forward to hearing from you.',
  },
};

const DEFAULT_TONE = 'professional';
const MIN_BODY_WORDS = 140;
const MAX_PURPOSE_WORDS = 40;
const MAX_DETAILS_WORDS = 50;

const countWords = (text) => text.split(/\s+/).filter(Boolean).length;

/** The first `limit` words; an ellipsis marks a cut. */
function clipWords(text, limit) {
  const words = text.split(/\s+/).filter(Boolean);
  return words.length <= limit ? text : `${words.slice(0, limit).join(' ')}…`;
}

/** Ends a user-typed phrase as a sentence, keeping its own ! or ?. */
const asSentence = (text) => (/[.!?…]$/.test(text) ? text : `${text.replace(/[,;:]+$/, '')}.`);

/** The tone a field names (`Persuasive`, `very friendly`), else professional. */
function toneOf(value = '') {
  const words = value.toLowerCase().match(/[a-z]+/g) ?? [];
  return words.find((word) => word in TONES) ?? DEFAULT_TONE;
}

/** A small stable number from the text, to vary which filler sentences an email uses. */
const stableIndex = (text, modulo) =>
  [...text].reduce((sum, character) => (sum * 31 + character.charCodeAt(0)) >>> 0, 7) % modulo;

/** @param {import('./prompt.mjs').PromptFields} fields */
export function writeEmail(fields) {
  const recipient = fields.recipientName ?? 'Sir or Madam';
  const sender = fields.senderName ?? '[Your Name]';
  const tone = TONES[toneOf(fields.tone)];
  const purpose = fields.purpose && clipWords(fields.purpose, MAX_PURPOSE_WORDS);
  const details = fields.keyDetails && clipWords(fields.keyDetails, MAX_DETAILS_WORDS);

  const opening = purpose
    ? `${tone.opener} ${tone.purposeLead}: ${asSentence(purpose)}`
    : `${tone.opener} I am reaching out to introduce myself and what we do.`;
  const middle = details ? [`${tone.detailsLead}: ${asSentence(details)}`] : [];
  const closing = [tone.ask, tone.thanks];

  const start = stableIndex(`${purpose ?? ''}|${details ?? ''}`, tone.fillers.length);
  const fillers = tone.fillers.map(
    (_, offset) => tone.fillers[(start + offset) % tone.fillers.length],
  );
  const words = () => countWords([opening, ...middle, ...closing].join(' '));
  while (words() < MIN_BODY_WORDS && fillers.length > 0) middle.push(fillers.shift());

  const subjectTopic = purpose
    ? clipWords(purpose, 8).replace(/[.!?,;:…]+$/, '')
    : 'A quick introduction';
  const subject = `${tone.subject}${subjectTopic.charAt(0).toUpperCase()}${subjectTopic.slice(1)}`;
  const paragraphs = [opening, middle.join(' '), closing.join(' ')];
  return `Subject: ${subject}\n\nBody:\nDear ${recipient},\n\n${paragraphs.join('\n\n')}\n\nBest regards,\n${sender}`;
}

/** @param {string} prompt @param {import('./prompt.mjs').PromptFields} fields */
function writeEnhancedPrompt(prompt, fields) {
  const tone = fields.tone ? toneOf(fields.tone) : DEFAULT_TONE;
  return [
    `Write a ${tone} cold email for the following request: "${prompt.replace(/[.\s]+$/, '')}".`,
    'Address the recipient by name and open with a one-sentence hook that shows you understand their situation. ' +
      'State the purpose clearly in the first paragraph, support it with one or two concrete details or benefits, ' +
      'and close with a single, specific call to action, such as a short call next week.',
    'Keep the body between 120 and 200 words, avoid jargon and exaggerated claims, and end with "Best regards," followed by the sender\'s name. ' +
      'Return the result as "Subject: ..." on the first line, then "Body:" and the email.',
  ].join('\n\n');
}

const NOTHING_TO_DO =
  'I can write a cold email from a recipient name, a sender name and the purpose of the email, or improve a prompt you give me. Please include those details and ask again.';

/** The text the double answers a prompt with. */
export function answerPrompt(promptText) {
  const asked = readRequest(promptText);
  if (asked.kind === 'email') return writeEmail(asked.fields);
  if (asked.kind === 'enhance') return writeEnhancedPrompt(asked.prompt ?? '', asked.fields);
  return NOTHING_TO_DO;
}
