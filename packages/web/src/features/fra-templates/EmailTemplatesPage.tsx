// /fra/email-templates: the e-mails that invite a recipient to a training, built from their parts.
import { EmailTemplateForm } from './components/EmailTemplateForm.tsx';
import { SessionTemplateList } from './components/SessionTemplateList.tsx';

export default function EmailTemplatesPage() {
  return (
    <SessionTemplateList
      sessionType="email"
      entity="email_template"
      title="Email templates"
      singular="email template"
      description="The e-mails that invite a recipient to a training: subject, heading, body, button and footer, each with placeholders filled for the recipient."
      emptyText="Import an invitation from the library, in one of several languages, or write your own."
      renderForm={(t, onDone) => <EmailTemplateForm template={t} onDone={onDone} />}
    />
  );
}
