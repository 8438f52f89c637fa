// /fra-previews/template/:type/:id and /fra-previews/training-template/:type/:id: a template as a recipient would see
// it, signed in, with query parameters as inputs (?first_name=Kim fills {{first_name}}). A phishing template and an
// invitation e-mail are rendered by the server and shown in a sandboxed frame (no scripts, no access to this app); a
// web training is walked through step by step.
import { Alert, Card, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useParams, useSearchParams } from 'react-router';
import type { TemplateVars } from '@bulwark/core';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { phishingTemplates, sessionTemplates, type RenderedPreview } from './api.ts';
import { inputsOf, PreviewInputs, withSamples } from './components/PreviewInputs.tsx';
import { TrainingWalkthrough } from './components/TrainingWalkthrough.tsx';

type Kind = 'phishing' | 'training-email' | 'training-website';

function kindOf(pathname: string, type: string | undefined): Kind | null {
  if (pathname.startsWith('/fra-previews/template/')) return type === 'phishing' ? 'phishing' : null;
  if (type === 'email') return 'training-email';
  if (type === 'website') return 'training-website';
  return null;
}

function Rendered({ preview }: { preview: RenderedPreview }) {
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Text size="sm">
          <strong>Subject:</strong> <span data-testid="preview-subject">{preview.subject}</span>
        </Text>
        {/* sandbox="" — the template's HTML runs no script and cannot reach this app's session. */}
        <iframe
          title="Message preview"
          sandbox=""
          srcDoc={preview.html}
          style={{ width: '100%', minHeight: 480, border: '1px solid var(--mantine-color-gray-3)' }}
        />
      </Stack>
    </Card>
  );
}

export default function TemplatePreviewPage() {
  const { type, id: idText } = useParams();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const kind = kindOf(pathname, type);
  const id = Number(idText);
  const valid = kind !== null && Number.isSafeInteger(id) && id > 0;
  const vars = inputsOf(params);

  const rendered = useQuery({
    queryKey: ['fra-preview', kind, id, vars],
    queryFn: ({ signal }) =>
      kind === 'phishing'
        ? phishingTemplates.preview(id, vars as Record<string, string>, signal)
        : sessionTemplates.invitationPreview(id, vars as Record<string, string>, signal),
    enabled: valid && kind !== 'training-website',
  });
  const training = useQuery({
    queryKey: sessionTemplates.keys.one(id),
    queryFn: ({ signal }) => sessionTemplates.one(id, signal),
    enabled: valid && kind === 'training-website',
  });

  const title =
    kind === 'phishing' ? 'Phishing template preview' : kind === 'training-email' ? 'Training invitation preview' : 'Training preview';
  if (!valid)
    return (
      <Stack gap="md">
        <PageHeader title="Template preview" />
        <Alert color="red">There is no such template to preview.</Alert>
      </Stack>
    );
  const query = kind === 'training-website' ? training : rendered;
  const apply = (next: TemplateVars) => setParams(new URLSearchParams(next as Record<string, string>));
  return (
    <Stack gap="md">
      <PageHeader
        title={kind === 'training-website' && training.data ? `${title}: ${training.data.name}` : title}
        description="Shown with sample inputs; change them below (they go into the address, so the link can be shared)."
      />
      <Card withBorder padding="sm">
        <PreviewInputs key={params.toString()} vars={vars} onApply={apply} />
      </Card>
      {query.isLoading && <PageLoader />}
      {query.error && <Alert color="red">The template could not be loaded.</Alert>}
      {rendered.data && <Rendered preview={rendered.data} />}
      {training.data && (
        <Card withBorder padding="lg">
          <TrainingWalkthrough template={training.data} vars={withSamples(vars)} />
        </Card>
      )}
    </Stack>
  );
}
