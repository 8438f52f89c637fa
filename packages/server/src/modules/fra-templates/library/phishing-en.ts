// The shipped phishing lures in English: password expiry, shared document, parcel delivery, invoice (e-mail only), MFA
// reset and HR policy. Each carries the signs a careful reader can spot (a sender outside the company, urgency, a
// sign-in page reached from a mail), graded by difficulty.
import { lureEntry, type Lure } from './lure.ts';

const signIn = (user: string) => [
  { name: 'username', label: user, type: 'email' as const, autocomplete: 'username' },
  { name: 'password', label: 'Password', type: 'password' as const, autocomplete: 'current-password' },
];

const LURES: Lure[] = [
  {
    key: 'password-expiry',
    type: 'website',
    difficulty: 1,
    name: 'Password expires today',
    description: 'The IT service desk warns that the mailbox password expires today and asks to keep it on a sign-in page.',
    senderName: 'IT Service Desk',
    senderLocalPart: 'it-support',
    subject: 'Action required: your password expires today',
    brand: 'IT Service Desk',
    accent: '#0b5cad',
    mail: {
      greeting: 'Hello {{first_name}},',
      paragraphs: [
        'Our records show that the password for <strong>{{email}}</strong> expires today, {{date}}.',
        'To avoid losing access to e-mail, files and Teams, confirm your current password within the next 24 hours. After that the account will be locked and must be unlocked by the service desk.',
      ],
      button: 'Keep my current password',
      signature: 'Kind regards,<br>IT Service Desk',
      footer: 'This is an automated message. Please do not reply.',
    },
    page: {
      title: 'Confirm your password',
      intro: 'Sign in with your current password to keep it for another 90 days.',
      fields: signIn('Work e-mail'),
      submit: 'Keep password',
      note: 'Protected by single sign-on.',
    },
    response: {
      title: 'Password kept',
      text: 'Thank you. Your password has been extended for 90 days. You can close this window.',
    },
  },
  {
    key: 'shared-document',
    type: 'website',
    difficulty: 2,
    name: 'A document was shared with you',
    description: 'A colleague in finance shares a spreadsheet; opening it asks for a sign-in.',
    senderName: 'Document sharing',
    senderLocalPart: 'share',
    subject: '{{sender_name}} shared "Q4 budget review.xlsx" with you',
    brand: 'Files',
    accent: '#107c41',
    mail: {
      greeting: 'Hi {{first_name}},',
      paragraphs: [
        '{{sender_name}} has shared a file with you and the {{department}} team:',
        '<strong>Q4 budget review.xlsx</strong><br><span style="color:#6b7280">"Please check your team\'s figures before Friday."</span>',
      ],
      button: 'Open',
      signature: 'The Files team',
      footer: 'You are receiving this because someone shared a file with {{email}}.',
    },
    page: {
      title: 'Sign in to view the document',
      intro: 'This file is protected. Sign in with your work account to open <strong>Q4 budget review.xlsx</strong>.',
      fields: signIn('E-mail address'),
      submit: 'Sign in',
    },
    response: {
      title: 'The file is being prepared',
      text: 'The document is being converted for viewing. This can take a few minutes; you will receive an e-mail when it is ready.',
    },
  },
  {
    key: 'parcel-delivery',
    type: 'website',
    difficulty: 1,
    name: 'Parcel waiting for delivery',
    description: 'A courier could not deliver a parcel and asks to confirm the address and pay a small fee.',
    senderName: 'Parcel Tracking',
    senderLocalPart: 'tracking',
    subject: 'Your parcel could not be delivered',
    brand: 'ExpressParcel',
    accent: '#d97706',
    mail: {
      greeting: 'Dear customer,',
      paragraphs: [
        'We tried to deliver your parcel today but nobody was available to receive it.',
        'Confirm your address and choose a new delivery time. Parcels not rescheduled within 48 hours are returned to the sender.',
      ],
      button: 'Reschedule delivery',
      signature: 'ExpressParcel Customer Service',
      footer: 'Tracking number: EP 4471 2093 55',
    },
    page: {
      title: 'Reschedule your delivery',
      intro: 'Confirm where we should deliver your parcel. A redelivery fee of 1.99 applies.',
      fields: [
        { name: 'full_name', label: 'Full name', type: 'text', autocomplete: 'name' },
        { name: 'address', label: 'Street address', type: 'text', autocomplete: 'street-address' },
        { name: 'postcode', label: 'Postcode', type: 'text', autocomplete: 'postal-code' },
        { name: 'card_number', label: 'Card number', type: 'text', autocomplete: 'cc-number' },
      ],
      submit: 'Confirm delivery',
    },
    response: { title: 'Delivery rescheduled', text: 'Thank you. Your parcel will be delivered on the next working day.' },
  },
  {
    key: 'invoice',
    type: 'email',
    difficulty: 2,
    name: 'Overdue invoice',
    description:
      'A supplier reminds that an invoice is overdue and asks to reply with payment confirmation (e-mail only: opens and reports count).',
    senderName: 'Accounts Receivable',
    senderLocalPart: 'invoices',
    subject: 'Reminder: invoice INV-20931 is overdue',
    brand: 'Northwind Supplies',
    accent: '#374151',
    mail: {
      greeting: 'Dear {{full_name}},',
      paragraphs: [
        'According to our records invoice <strong>INV-20931</strong> of 4,860.00 is now 14 days overdue.',
        'Please arrange payment today to the updated bank account below and reply to this e-mail with the payment confirmation. Our bank details changed this month, so earlier details are no longer valid.',
        'Account: 4820 1193 7720 &middot; Reference: INV-20931',
      ],
      signature: 'Best regards,<br>Accounts Receivable<br>Northwind Supplies',
      footer: 'If you have already paid, please disregard this reminder.',
    },
  },
  {
    key: 'mfa-reset',
    type: 'website',
    difficulty: 3,
    name: 'Re-register multi-factor authentication',
    description: 'Security asks to re-register the authenticator app after a system upgrade; the page asks for the password and a code.',
    senderName: 'Security Team',
    senderLocalPart: 'security',
    subject: 'Re-register your sign-in verification by {{date}}',
    brand: 'Account Security',
    accent: '#5b21b6',
    mail: {
      greeting: 'Hello {{first_name}},',
      paragraphs: [
        'We are upgrading multi-factor authentication for all staff. Accounts that have not re-registered their authenticator app by <strong>{{date}}</strong> will be asked to verify with the service desk in person.',
        'Re-registration takes less than two minutes.',
      ],
      button: 'Re-register now',
      signature: 'Thank you,<br>Security Team',
      footer: 'You are receiving this as a member of {{department}}.',
    },
    page: {
      title: 'Verify your identity',
      intro: 'Sign in and enter the current code from your authenticator app to move your registration.',
      fields: [...signIn('Work e-mail'), { name: 'code', label: 'Verification code', type: 'text', autocomplete: 'one-time-code' }],
      submit: 'Verify',
    },
    response: { title: 'Registration moved', text: 'Your authenticator app has been re-registered. No further action is needed.' },
  },
  {
    key: 'hr-policy',
    type: 'website',
    difficulty: 2,
    name: 'New remote-work policy to acknowledge',
    description: 'Human resources asks every employee to read and sign the updated remote-work policy on a sign-in page.',
    senderName: 'Human Resources',
    senderLocalPart: 'hr',
    subject: 'Please acknowledge the updated remote-work policy',
    brand: 'HR Portal',
    accent: '#0f766e',
    mail: {
      greeting: 'Dear {{first_name}},',
      paragraphs: [
        'The remote-work policy has been updated, including changes to working from abroad and home-office allowances.',
        'All employees must read and acknowledge the new policy by the end of the week. As {{job_title}} in {{department}}, your acknowledgement is required for your next payroll.',
      ],
      button: 'Read and acknowledge',
      signature: 'Kind regards,<br>Human Resources',
      footer: 'This message was sent to all employees.',
    },
    page: {
      title: 'HR Portal sign-in',
      intro: 'Sign in to read and acknowledge the <strong>Remote-work policy 2026</strong>.',
      fields: signIn('Work e-mail'),
      submit: 'Sign in',
    },
    response: { title: 'Acknowledgement recorded', text: 'Thank you, your acknowledgement has been recorded.' },
  },
];

export const PHISHING_EN = LURES.map((l) => lureEntry('english', l));
