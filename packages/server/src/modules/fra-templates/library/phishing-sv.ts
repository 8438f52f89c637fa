// The shipped phishing lures in Swedish: password expiry, shared document, parcel delivery and invoice (e-mail only).
import { lureEntry, type Lure } from './lure.ts';

const signIn = (user: string) => [
  { name: 'username', label: user, type: 'email' as const, autocomplete: 'username' },
  { name: 'password', label: 'Lösenord', type: 'password' as const, autocomplete: 'current-password' },
];

const LURES: Lure[] = [
  {
    key: 'password-expiry',
    type: 'website',
    difficulty: 1,
    name: 'Lösenordet går ut i dag',
    description: 'IT-supporten varnar att lösenordet går ut i dag och ber om att behålla det via en inloggningssida.',
    senderName: 'IT-support',
    senderLocalPart: 'it-support',
    subject: 'Åtgärd krävs: ditt lösenord går ut i dag',
    brand: 'IT-support',
    accent: '#0b5cad',
    mail: {
      greeting: 'Hej {{first_name}},',
      paragraphs: [
        'Enligt våra uppgifter går lösenordet för <strong>{{email}}</strong> ut i dag, {{date}}.',
        'För att inte förlora åtkomsten till e-post, filer och Teams behöver du bekräfta ditt nuvarande lösenord inom 24 timmar. Därefter låses kontot och måste låsas upp av IT-supporten.',
      ],
      button: 'Behåll mitt lösenord',
      signature: 'Vänliga hälsningar<br>IT-support',
      footer: 'Detta är ett automatiskt meddelande. Svara inte på det.',
    },
    page: {
      title: 'Bekräfta ditt lösenord',
      intro: 'Logga in med ditt nuvarande lösenord för att behålla det i ytterligare 90 dagar.',
      fields: signIn('E-postadress i tjänsten'),
      submit: 'Behåll lösenordet',
      note: 'Skyddad av enkel inloggning.',
    },
    response: { title: 'Lösenordet har förlängts', text: 'Tack! Ditt lösenord gäller nu i 90 dagar till. Du kan stänga fönstret.' },
  },
  {
    key: 'shared-document',
    type: 'website',
    difficulty: 2,
    name: 'Ett dokument har delats med dig',
    description: 'En kollega på ekonomi delar ett kalkylark; för att öppna det krävs inloggning.',
    senderName: 'Dokumentdelning',
    senderLocalPart: 'share',
    subject: '{{sender_name}} har delat "Budgetuppföljning Q4.xlsx" med dig',
    brand: 'Filer',
    accent: '#107c41',
    mail: {
      greeting: 'Hej {{first_name}},',
      paragraphs: [
        '{{sender_name}} har delat en fil med dig och övriga på {{department}}:',
        '<strong>Budgetuppföljning Q4.xlsx</strong><br><span style="color:#6b7280">"Kan du kolla era siffror före fredag?"</span>',
      ],
      button: 'Öppna',
      signature: 'Filer',
      footer: 'Du får detta meddelande eftersom någon har delat en fil med {{email}}.',
    },
    page: {
      title: 'Logga in för att visa dokumentet',
      intro: 'Filen är skyddad. Logga in med ditt jobbkonto för att öppna <strong>Budgetuppföljning Q4.xlsx</strong>.',
      fields: signIn('E-postadress'),
      submit: 'Logga in',
    },
    response: {
      title: 'Filen förbereds',
      text: 'Dokumentet konverteras för visning. Det kan ta några minuter, och du får ett mejl när det är klart.',
    },
  },
  {
    key: 'parcel-delivery',
    type: 'website',
    difficulty: 1,
    name: 'Paket väntar på leverans',
    description: 'Ett budföretag kunde inte leverera ett paket och ber om adressen och en liten avgift.',
    senderName: 'Paketspårning',
    senderLocalPart: 'sparning',
    subject: 'Ditt paket kunde inte levereras',
    brand: 'SnabbPaket',
    accent: '#d97706',
    mail: {
      greeting: 'Hej,',
      paragraphs: [
        'Vi försökte leverera ditt paket i dag, men ingen var på plats för att ta emot det.',
        'Bekräfta din adress och välj en ny leveranstid. Paket som inte bokas om inom 48 timmar skickas tillbaka till avsändaren.',
      ],
      button: 'Boka ny leverans',
      signature: 'SnabbPaket kundtjänst',
      footer: 'Kollinummer: SP 4471 2093 55',
    },
    page: {
      title: 'Boka ny leverans',
      intro: 'Bekräfta vart vi ska leverera ditt paket. En avgift på 19 kr tillkommer för ny utkörning.',
      fields: [
        { name: 'full_name', label: 'Namn', type: 'text', autocomplete: 'name' },
        { name: 'address', label: 'Gatuadress', type: 'text', autocomplete: 'street-address' },
        { name: 'postcode', label: 'Postnummer', type: 'text', autocomplete: 'postal-code' },
        { name: 'card_number', label: 'Kortnummer', type: 'text', autocomplete: 'cc-number' },
      ],
      submit: 'Bekräfta leverans',
    },
    response: { title: 'Leveransen är bokad', text: 'Tack! Ditt paket levereras nästa vardag.' },
  },
  {
    key: 'invoice',
    type: 'email',
    difficulty: 2,
    name: 'Förfallen faktura',
    description: 'En leverantör påminner om en förfallen faktura och ber om svar med betalningsbekräftelse (endast e-post).',
    senderName: 'Kundreskontra',
    senderLocalPart: 'faktura',
    subject: 'Påminnelse: faktura 20931 har förfallit',
    brand: 'Nordkontor AB',
    accent: '#374151',
    mail: {
      greeting: 'Hej {{full_name}},',
      paragraphs: [
        'Enligt vår reskontra är faktura <strong>20931</strong> på 48 600 kr nu 14 dagar försenad.',
        'Betala i dag till vårt nya bankgiro nedan och svara på detta mejl med betalningsbekräftelsen. Våra bankuppgifter ändrades denna månad, så de tidigare uppgifterna gäller inte längre.',
        'Bankgiro: 5921-7733 &middot; OCR: 2093155',
      ],
      signature: 'Med vänliga hälsningar<br>Kundreskontra<br>Nordkontor AB',
      footer: 'Om du redan har betalat kan du bortse från denna påminnelse.',
    },
  },
];

export const PHISHING_SV = LURES.map((l) => lureEntry('swedish', l));
