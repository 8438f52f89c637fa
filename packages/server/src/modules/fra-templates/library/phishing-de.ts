// The shipped phishing lures in German: password expiry, shared document, parcel delivery and invoice (e-mail only).
import { lureEntry, type Lure } from './lure.ts';

const signIn = (user: string) => [
  { name: 'username', label: user, type: 'email' as const, autocomplete: 'username' },
  { name: 'password', label: 'Passwort', type: 'password' as const, autocomplete: 'current-password' },
];

const LURES: Lure[] = [
  {
    key: 'password-expiry',
    type: 'website',
    difficulty: 1,
    name: 'Passwort läuft heute ab',
    description: 'Der IT-Service meldet, dass das Passwort heute abläuft, und bittet, es auf einer Anmeldeseite zu bestätigen.',
    senderName: 'IT-Service',
    senderLocalPart: 'it-service',
    subject: 'Handlungsbedarf: Ihr Passwort läuft heute ab',
    brand: 'IT-Service',
    accent: '#0b5cad',
    mail: {
      greeting: 'Hallo {{first_name}},',
      paragraphs: [
        'laut unseren Unterlagen läuft das Passwort für <strong>{{email}}</strong> heute, am {{date}}, ab.',
        'Damit Sie weiterhin auf E-Mail, Dateien und Teams zugreifen können, bestätigen Sie bitte innerhalb von 24 Stunden Ihr aktuelles Passwort. Danach wird das Konto gesperrt und kann nur vom IT-Service entsperrt werden.',
      ],
      button: 'Aktuelles Passwort beibehalten',
      signature: 'Mit freundlichen Grüßen<br>Ihr IT-Service',
      footer: 'Dies ist eine automatisch erzeugte Nachricht. Bitte antworten Sie nicht darauf.',
    },
    page: {
      title: 'Passwort bestätigen',
      intro: 'Melden Sie sich mit Ihrem aktuellen Passwort an, um es für weitere 90 Tage zu behalten.',
      fields: signIn('Geschäftliche E-Mail-Adresse'),
      submit: 'Passwort behalten',
      note: 'Geschützt durch Single Sign-on.',
    },
    response: {
      title: 'Passwort verlängert',
      text: 'Vielen Dank. Ihr Passwort wurde um 90 Tage verlängert. Sie können dieses Fenster jetzt schließen.',
    },
  },
  {
    key: 'shared-document',
    type: 'website',
    difficulty: 2,
    name: 'Ein Dokument wurde für Sie freigegeben',
    description: 'Eine Kollegin aus der Buchhaltung gibt eine Tabelle frei; zum Öffnen wird eine Anmeldung verlangt.',
    senderName: 'Dokumentfreigabe',
    senderLocalPart: 'freigabe',
    subject: '{{sender_name}} hat „Budgetplanung Q4.xlsx“ für Sie freigegeben',
    brand: 'Dateien',
    accent: '#107c41',
    mail: {
      greeting: 'Hallo {{first_name}},',
      paragraphs: [
        '{{sender_name}} hat eine Datei für Sie und das Team {{department}} freigegeben:',
        '<strong>Budgetplanung Q4.xlsx</strong><br><span style="color:#6b7280">„Bitte prüft eure Zahlen bis Freitag.“</span>',
      ],
      button: 'Öffnen',
      signature: 'Ihr Dateien-Team',
      footer: 'Sie erhalten diese Nachricht, weil eine Datei für {{email}} freigegeben wurde.',
    },
    page: {
      title: 'Zum Anzeigen anmelden',
      intro: 'Diese Datei ist geschützt. Melden Sie sich mit Ihrem Firmenkonto an, um <strong>Budgetplanung Q4.xlsx</strong> zu öffnen.',
      fields: signIn('E-Mail-Adresse'),
      submit: 'Anmelden',
    },
    response: {
      title: 'Die Datei wird vorbereitet',
      text: 'Das Dokument wird für die Anzeige umgewandelt. Das kann einige Minuten dauern; Sie erhalten eine E-Mail, sobald es bereitsteht.',
    },
  },
  {
    key: 'parcel-delivery',
    type: 'website',
    difficulty: 1,
    name: 'Paket wartet auf Zustellung',
    description: 'Ein Paketdienst konnte ein Paket nicht zustellen und bittet um die Adresse und eine kleine Gebühr.',
    senderName: 'Sendungsverfolgung',
    senderLocalPart: 'sendung',
    subject: 'Ihr Paket konnte nicht zugestellt werden',
    brand: 'SchnellPaket',
    accent: '#d97706',
    mail: {
      greeting: 'Sehr geehrte Kundin, sehr geehrter Kunde,',
      paragraphs: [
        'wir haben heute versucht, Ihr Paket zuzustellen, leider war niemand anwesend.',
        'Bitte bestätigen Sie Ihre Adresse und wählen Sie einen neuen Zustelltermin. Pakete, die nicht innerhalb von 48 Stunden neu terminiert werden, gehen an den Absender zurück.',
      ],
      button: 'Neuen Termin wählen',
      signature: 'Ihr SchnellPaket-Kundenservice',
      footer: 'Sendungsnummer: SP 4471 2093 55',
    },
    page: {
      title: 'Neue Zustellung vereinbaren',
      intro: 'Bestätigen Sie, wohin wir Ihr Paket liefern sollen. Für die erneute Zustellung fällt eine Gebühr von 1,99 € an.',
      fields: [
        { name: 'full_name', label: 'Vor- und Nachname', type: 'text', autocomplete: 'name' },
        { name: 'address', label: 'Straße und Hausnummer', type: 'text', autocomplete: 'street-address' },
        { name: 'postcode', label: 'Postleitzahl', type: 'text', autocomplete: 'postal-code' },
        { name: 'card_number', label: 'Kartennummer', type: 'text', autocomplete: 'cc-number' },
      ],
      submit: 'Zustellung bestätigen',
    },
    response: { title: 'Zustellung vereinbart', text: 'Vielen Dank. Ihr Paket wird am nächsten Werktag zugestellt.' },
  },
  {
    key: 'invoice',
    type: 'email',
    difficulty: 2,
    name: 'Überfällige Rechnung',
    description: 'Ein Lieferant mahnt eine überfällige Rechnung an und bittet um eine Zahlungsbestätigung per Antwort (nur E-Mail).',
    senderName: 'Debitorenbuchhaltung',
    senderLocalPart: 'rechnungen',
    subject: 'Zahlungserinnerung: Rechnung RE-20931 ist überfällig',
    brand: 'Nordwind Bürobedarf GmbH',
    accent: '#374151',
    mail: {
      greeting: 'Sehr geehrte/r {{full_name}},',
      paragraphs: [
        'laut unserer Buchhaltung ist die Rechnung <strong>RE-20931</strong> über 4.860,00 € seit 14 Tagen überfällig.',
        'Bitte überweisen Sie den Betrag noch heute auf unsere neue Bankverbindung und senden Sie uns die Zahlungsbestätigung als Antwort auf diese E-Mail. Unsere Bankverbindung hat sich diesen Monat geändert; die bisherigen Angaben sind nicht mehr gültig.',
        'IBAN: DE44 5001 0517 5407 3249 31 &middot; Verwendungszweck: RE-20931',
      ],
      signature: 'Mit freundlichen Grüßen<br>Debitorenbuchhaltung<br>Nordwind Bürobedarf GmbH',
      footer: 'Sollten Sie bereits bezahlt haben, betrachten Sie diese Erinnerung bitte als gegenstandslos.',
    },
  },
];

export const PHISHING_DE = LURES.map((l) => lureEntry('german', l));
