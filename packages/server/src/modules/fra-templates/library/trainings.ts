// The shipped web trainings ("Spotting phishing", "What to do after a click", and the first in Swedish) and the
// training invitation e-mail templates (English and Swedish). Steps mix no_content, single and multiple choice, with a
// video and an image; {{link}} in an invitation is the recipient's training link.
import type { SessionLibraryEntry } from './lure.ts';

/** A well-known awareness video and Wikipedia's classic example of a phishing mail; a customer may swap in their own. */
const VIDEO = { type: 'video' as const, url: 'https://www.youtube.com/watch?v=wygwHXYj_TI' };
const EXAMPLE_MAIL = { type: 'image' as const, url: 'https://upload.wikimedia.org/wikipedia/commons/d/d0/PhishingTrustedBank.png' };

const spotting: SessionLibraryEntry = {
  pk: 'training-spotting-phishing-en',
  description: 'Five steps on the signs of a phishing e-mail: sender, urgency, links and sign-in pages.',
  template: {
    name: 'Spotting phishing',
    session_type: 'website',
    section: 'training',
    language: 'english',
    accent_color: '#1c7ed6',
    training_steps: [
      {
        title: 'That message was a phishing exercise',
        description:
          'The e-mail you just opened was sent by your organisation to practise. Nothing was stolen and nothing bad happened. The next few minutes show what gave it away, so the real ones do not catch you.',
        media: VIDEO,
        question_type: 'no_content',
      },
      {
        title: 'Look at who really sent it',
        description:
          'The name shown as the sender is chosen by whoever sends the message. Look at the address after the @: is it your organisation or a company you deal with, spelled exactly right?',
        media: EXAMPLE_MAIL,
        question_type: 'single_choice',
        question_options: [
          { text: 'IT Service Desk <it-support@contoso-helpdesk.net>', correct: true },
          { text: 'IT Service Desk <servicedesk@contoso.com> (your own company)', correct: false },
          { text: 'A colleague you work with every day, from their usual address', correct: false },
        ],
        correct_message: 'Right: a look-alike domain that is not your organisation’s is the clearest sign.',
        incorrect_message: 'Not quite. The address contoso-helpdesk.net only looks like your organisation’s domain.',
      },
      {
        title: 'Urgency is a tool',
        description:
          'Phishing wants you to act before you think: “expires today”, “account locked in 24 hours”, “payment overdue”. A real deadline survives a two-minute check.',
        question_type: 'multiple_choice',
        question_options: [
          { text: 'The message threatens to lock your account', correct: true },
          { text: 'It asks you to confirm your password', correct: true },
          { text: 'It comes from a colleague you expected to hear from, about a meeting you booked', correct: false },
          { text: 'It asks you to pay to new bank details', correct: true },
        ],
        correct_message: 'Well spotted: each of those is a reason to stop and check.',
        incorrect_message: 'Look again: threats, password requests and new bank details are all warning signs.',
      },
      {
        title: 'Check a link before you click',
        description:
          'Hover over a link (or press and hold on a phone) to see where it really goes. A sign-in page you reached from an e-mail is never the place to type your password: open the service yourself from a bookmark instead.',
        question_type: 'single_choice',
        question_options: [
          { text: 'Type the password if the page looks exactly like the real one', correct: false },
          { text: 'Close the page and open the service from a bookmark or the intranet', correct: true },
        ],
        correct_message: 'Yes. A perfect copy of a sign-in page is easy to make.',
        incorrect_message: 'Looks are easy to copy: open the service yourself instead.',
      },
      {
        title: 'Report it',
        description:
          'Use the “Report phishing” button in your mailbox, or forward the message to the security team. Reporting quickly protects your colleagues, who may have received the same message.',
        question_type: 'no_content',
      },
    ],
  },
};

const afterClick: SessionLibraryEntry = {
  pk: 'training-after-a-click-en',
  description: 'Four steps on what to do when you have clicked a link or typed a password on a phishing page.',
  template: {
    name: 'What to do after a click',
    session_type: 'website',
    section: 'training',
    language: 'english',
    accent_color: '#e8590c',
    training_steps: [
      {
        title: 'You clicked: that is fixable',
        description:
          'Anyone can click. What matters is what you do in the next few minutes. Attackers count on people staying quiet out of embarrassment.',
        question_type: 'no_content',
      },
      {
        title: 'If you typed a password',
        description: 'Change it at once from the real service, and anywhere else you used the same password.',
        question_type: 'multiple_choice',
        question_options: [
          { text: 'Change the password from the real service', correct: true },
          { text: 'Tell the service desk or security team', correct: true },
          { text: 'Wait to see whether anything happens', correct: false },
        ],
        correct_message: 'Exactly: change it and tell security, both straight away.',
        incorrect_message: 'Waiting gives the attacker time. Change the password and tell security now.',
      },
      {
        title: 'If you opened an attachment',
        description: 'Disconnect the device from the network if you can, and call the service desk. Do not try to clean it up yourself.',
        media: VIDEO,
        question_type: 'single_choice',
        question_options: [
          { text: 'Call the service desk and say what you opened', correct: true },
          { text: 'Run a cleaning tool you found online', correct: false },
        ],
        correct_message: 'Right. The service desk can check the device and others like it.',
        incorrect_message: 'Please leave it to the service desk: tools found online can make things worse.',
      },
      {
        title: 'Report, even afterwards',
        description: 'Reporting after a click is always better than not reporting. Use the “Report phishing” button.',
        media: EXAMPLE_MAIL,
        question_type: 'no_content',
      },
    ],
  },
};

const spottingSv: SessionLibraryEntry = {
  pk: 'training-spotting-phishing-sv',
  description: 'Fyra steg om tecknen på ett nätfiskemejl: avsändare, brådska, länkar och inloggningssidor.',
  template: {
    name: 'Känn igen nätfiske',
    session_type: 'website',
    section: 'training',
    language: 'swedish',
    training_steps: [
      {
        title: 'Mejlet var en övning',
        description:
          'Mejlet du just öppnade skickades av din organisation som övning. Ingenting har hänt. De följande minuterna visar vad som avslöjade det.',
        media: VIDEO,
        question_type: 'no_content',
      },
      {
        title: 'Vem skickade det egentligen?',
        description: 'Avsändarnamnet väljer avsändaren själv. Titta på adressen efter @: är den exakt rätt stavad?',
        media: EXAMPLE_MAIL,
        question_type: 'single_choice',
        question_options: [
          { text: 'IT-support <it-support@contoso-helpdesk.net>', correct: true },
          { text: 'IT-support <servicedesk@contoso.com> (ditt eget företag)', correct: false },
        ],
        correct_message: 'Rätt: en domän som bara liknar organisationens är det tydligaste tecknet.',
        incorrect_message: 'Inte riktigt. contoso-helpdesk.net liknar bara organisationens domän.',
      },
      {
        title: 'Brådska är ett verktyg',
        description:
          '”Går ut i dag”, ”kontot låses om 24 timmar”, ”förfallen betalning”: en verklig tidsgräns klarar två minuters kontroll.',
        question_type: 'multiple_choice',
        question_options: [
          { text: 'Mejlet hotar att låsa ditt konto', correct: true },
          { text: 'Mejlet ber dig bekräfta ditt lösenord', correct: true },
          { text: 'En kollega skickar agendan till ett möte du själv bokade', correct: false },
        ],
        correct_message: 'Bra! Båda är skäl att stanna upp och kontrollera.',
        incorrect_message: 'Titta igen: hot och frågor om lösenord är varningstecken.',
      },
      {
        title: 'Rapportera',
        description: 'Använd knappen ”Rapportera nätfiske” i e-postprogrammet eller vidarebefordra mejlet till säkerhetsteamet.',
        question_type: 'no_content',
      },
    ],
  },
};

const invitation = (pk: string, language: 'english' | 'swedish', name: string, c: Record<string, string>): SessionLibraryEntry => ({
  pk,
  description:
    language === 'english'
      ? 'Invites a recipient to a short training after an exercise.'
      : 'Bjuder in en mottagare till en kort utbildning efter en övning.',
  template: { name, session_type: 'email', section: 'content', language, components: c },
});

const invitations: SessionLibraryEntry[] = [
  invitation('invitation-training-en', 'english', 'Training invitation', {
    subject: 'A five-minute security training for you',
    heading: 'Hello {{first_name}}, a short training is waiting',
    body: 'You recently received one of our phishing exercises. This five-minute training shows the signs that gave it away and what to do next time. Your answers are not shared with your manager.',
    button: 'Start the training',
    footer: 'Sent by the security team. Questions? Reply to this message.',
  }),
  invitation('invitation-training-sv', 'swedish', 'Inbjudan till utbildning', {
    subject: 'En kort säkerhetsutbildning för dig',
    heading: 'Hej {{first_name}}, en kort utbildning väntar',
    body: 'Du fick nyligen en av våra nätfiskeövningar. Den här utbildningen tar fem minuter och visar vad som avslöjade mejlet och hur du gör nästa gång. Dina svar delas inte med din chef.',
    button: 'Starta utbildningen',
    footer: 'Skickat av säkerhetsteamet. Frågor? Svara på detta meddelande.',
  }),
];

export const SESSION_LIBRARY_ENTRIES: SessionLibraryEntry[] = [spotting, afterClick, spottingSv, ...invitations];
