// Rows the phishing assessment, sending and schedule tests start from, written straight to the database: recipients
// with their recipient assets and tags, phishing templates (one archived, one in German), domains for sending and for
// landing pages, a web training template, and the same kinds of rows of another customer.
import { eq } from 'drizzle-orm';
import {
  assets,
  assetTags,
  fraDomains,
  fraPhishingTemplates,
  fraRecipients,
  fraSessionTemplates,
  tags,
  teamMembers,
  teams,
  teamTags,
  users,
} from '../src/db/schema/index.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestApp } from './helpers/app.ts';
import { signedIn } from './helpers/sessions.ts';

export interface Fixtures {
  tag: number;
  otherTag: number;
  recipients: number[];
  german: number;
  template: number;
  germanTemplate: number;
  archived: number;
  sender: number;
  landing: number;
  landingOnly: number;
  training: number;
  emailTemplate: number;
  rival: { template: number; domain: number; recipient: number; tag: number };
}

/** `n` recipients of the customer (the first `tagged` carry the tag; the last one speaks German). */
export async function addRecipients(t: TestApp, customerId: number, n: number, prefix = 'person', tag?: number, tagged = 0) {
  const db = t.ctx.db;
  const emails = Array.from({ length: n }, (_, i) => `${prefix}${i + 1}@corp.example`);
  const made = await db
    .insert(assets)
    .values(emails.map((e) => ({ customerId, kind: 'recipient' as const, type: 5, value: e, name: e, emailAddress: e })))
    .returning({ id: assets.id });
  const rows = await db
    .insert(fraRecipients)
    .values(
      emails.map((email, i) => ({
        customerId,
        assetId: made[i]!.id,
        email,
        firstName: `First${i + 1}`,
        lastName: `Last${i + 1}`,
        department: i % 2 ? 'Finance' : 'Sales',
        jobTitle: 'Clerk',
        language: i === n - 1 && n > 1 ? 'german' : 'english',
      })),
    )
    .returning({ id: fraRecipients.id });
  if (tag && tagged > 0) await db.insert(assetTags).values(made.slice(0, tagged).map((a) => ({ customerId, assetId: a.id, tagId: tag })));
  return rows.map((r) => r.id);
}

export async function addFixtures(t: TestApp, rivalCustomer: number, recipients = 4): Promise<Fixtures> {
  const db = t.ctx.db;
  const [tag, otherTag, rivalTag] = await db
    .insert(tags)
    .values([
      { customerId: 1, name: 'Phish me' },
      { customerId: 1, name: 'Nobody' },
      { customerId: rivalCustomer, name: 'Theirs' },
    ])
    .returning({ id: tags.id });
  const ids = await addRecipients(t, 1, recipients, 'person', tag!.id, 2);
  const template = (name: string, language = 'english', archived = false, customerId = 1) => ({
    customerId,
    name,
    templateType: 'website' as const,
    language,
    senderName: 'IT Service Desk',
    senderLocalPart: 'helpdesk',
    emailSubject: 'Action needed, {{first_name}}',
    emailBody: '<p>Dear {{full_name}},</p><p>Please <a href="{{link}}">confirm your mailbox</a> today.</p>',
    websiteMainTemplate: '<form method="post"><input name="username"><input name="password" type="password"></form>',
    websiteResponseTemplate: '<p>Thank you.</p>',
    archived,
  });
  const [tpl, de, arch, rivalTpl] = await db
    .insert(fraPhishingTemplates)
    .values([
      template('Mailbox full'),
      template('Postfach voll', 'german'),
      template('Old', 'english', true),
      template('Theirs', 'english', false, rivalCustomer),
    ])
    .returning({ id: fraPhishingTemplates.id });
  const [sender, landing, landingOnly, rivalDomain] = await db
    .insert(fraDomains)
    .values([
      { customerId: 1, name: 'mail.corp-security.example', purpose: 'sender' as const },
      { customerId: 1, name: 'login.corp-security.example', purpose: 'both' as const },
      { customerId: 1, name: 'pages.corp-security.example', purpose: 'landing' as const },
      { customerId: rivalCustomer, name: 'rival.example', purpose: 'both' as const },
    ])
    .returning({ id: fraDomains.id });
  const [training, emailTemplate] = await db
    .insert(fraSessionTemplates)
    .values([
      { customerId: 1, name: 'Spot the phish', sessionType: 'website' as const, section: 'training' as const },
      { customerId: 1, name: 'Invitation', sessionType: 'email' as const, section: 'content' as const },
    ])
    .returning({ id: fraSessionTemplates.id });
  const [rivalRecipient] = await addRecipients(t, rivalCustomer, 1, 'rival');
  return {
    tag: tag!.id,
    otherTag: otherTag!.id,
    recipients: ids,
    german: ids[ids.length - 1]!,
    template: tpl!.id,
    germanTemplate: de!.id,
    archived: arch!.id,
    sender: sender!.id,
    landing: landing!.id,
    landingOnly: landingOnly!.id,
    training: training!.id,
    emailTemplate: emailTemplate!.id,
    rival: { template: rivalTpl!.id, domain: rivalDomain!.id, recipient: rivalRecipient!, tag: rivalTag!.id },
  };
}

/** The callers the guard tests need: a reader (phishing read only), a LIMITED team member with every phishing right (its team sees the fixtures' tag), a user without the permission, and another customer's superuser; with the fixtures. */
export async function phishingCallers(t: TestApp) {
  const withPhishing = async (email: string, rights: string[]) => {
    const u = await t.user({ email });
    await t.ctx.db
      .update(users)
      .set({ permissions: { phishing: rights } })
      .where(eq(users.id, u.id));
    return u;
  };
  const admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
  await withPhishing('reader@example.com', ['read']);
  const reader = await signedIn(t, 'reader@example.com');
  await t.user({ email: 'nobody@example.com' });
  const nobody = await signedIn(t, 'nobody@example.com');
  const l = await withPhishing('limited@example.com', ['read', 'create', 'update', 'delete', 'execute']);
  const limited = await signedIn(t, 'limited@example.com');
  const other = await t.otherCustomer('Rival Corp');
  const rival = await signedIn(t, other.adminEmail);
  const f = await addFixtures(t, other.customerId);
  const [team] = await t.ctx.db.insert(teams).values({ customerId: 1, name: 'Desk', assetPermissions: 'LIMITED' }).returning();
  await t.ctx.db.insert(teamMembers).values({ teamId: team!.id, userId: l.id });
  await t.ctx.db.insert(teamTags).values({ teamId: team!.id, tagId: f.tag, role: 'permission' });
  return { admin, reader, nobody, limited, rival, f };
}
