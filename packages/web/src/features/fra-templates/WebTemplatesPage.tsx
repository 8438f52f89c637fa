// /fra/web-templates: the web trainings that follow a click or a submission — steps with media and questions.
import { SessionTemplateList } from './components/SessionTemplateList.tsx';
import { WebTemplateForm } from './components/WebTemplateForm.tsx';

export default function WebTemplatesPage() {
  return (
    <SessionTemplateList
      sessionType="website"
      entity="web_template"
      title="Web templates"
      singular="web template"
      description="The trainings a recipient is taken to after a click or a submission: steps with text, an image or a video, and questions with a message for a right and a wrong answer."
      emptyText="Import a training from the library, in one of several languages, or build your own step by step."
      renderForm={(t, onDone) => <WebTemplateForm template={t} onDone={onDone} />}
    />
  );
}
