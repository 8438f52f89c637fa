// A web training shown as a recipient sees it: one step at a time, its media, and its question answered — the right or
// wrong message (with its media) follows — then on to the next. Texts have their placeholders filled from the inputs.
import { useState } from 'react';
import { Alert, Box, Button, Checkbox, Group, Image, Progress, Radio, Stack, Text, Title } from '@mantine/core';
import { fillPlaceholders, parseVideoLink, type Media, type SessionTemplate, type TemplateVars } from '@bulwark/core';
import { embedUrl } from '../../../components/forms/MediaInput.tsx';

function MediaView({ media, label }: { media: Media | null; label: string }) {
  if (!media || !media.url) return null;
  const video = media.type === 'video' ? parseVideoLink(media.url) : null;
  if (video)
    return (
      <Box style={{ aspectRatio: '16 / 9' }} maw={720}>
        <iframe
          src={embedUrl(video)}
          title={label}
          style={{ border: 0, width: '100%', height: '100%' }}
          allow="fullscreen"
          sandbox="allow-scripts allow-same-origin allow-presentation"
        />
      </Box>
    );
  return <Image src={media.url} alt={label} maw={960} mah={960} fit="contain" />;
}

export function TrainingWalkthrough({ template, vars }: { template: SessionTemplate; vars: TemplateVars }) {
  const [index, setIndex] = useState(0);
  const [chosen, setChosen] = useState<number[]>([]);
  const [verdict, setVerdict] = useState<boolean | null>(null);
  const steps = template.training_steps;
  const step = steps[index];
  if (!step) return <Text>This training has no steps.</Text>;
  const fill = (t: string) => fillPlaceholders(t, vars, false);
  const asks = step.question_type !== 'no_content';

  function go(to: number) {
    setIndex(to);
    setChosen([]);
    setVerdict(null);
  }
  function check() {
    const right = step!.question_options.filter((o) => o.correct).map((o) => o.id);
    setVerdict(right.length === chosen.length && right.every((id) => chosen.includes(id)));
  }

  return (
    <Stack gap="md" aria-label="Training" role="region">
      <Progress
        value={((index + 1) / steps.length) * 100}
        color={template.accent_color}
        aria-label={`Step ${index + 1} of ${steps.length}`}
      />
      <Text size="sm" c="dimmed">
        Step {index + 1} of {steps.length}
      </Text>
      <Title order={2}>{fill(step.title)}</Title>
      {step.description && <Text style={{ whiteSpace: 'pre-wrap' }}>{fill(step.description)}</Text>}
      <MediaView media={step.media} label={`Media of ${step.title}`} />
      {asks &&
        (step.question_type === 'single_choice' ? (
          <Radio.Group
            label="Your answer"
            value={chosen[0] !== undefined ? String(chosen[0]) : null}
            onChange={(v) => setChosen([Number(v)])}
          >
            <Stack gap="xs" mt="xs">
              {step.question_options.map((o) => (
                <Radio key={o.id} value={String(o.id)} label={fill(o.text)} color={template.accent_color} disabled={verdict !== null} />
              ))}
            </Stack>
          </Radio.Group>
        ) : (
          <Checkbox.Group label="Your answers" value={chosen.map(String)} onChange={(v) => setChosen(v.map(Number))}>
            <Stack gap="xs" mt="xs">
              {step.question_options.map((o) => (
                <Checkbox key={o.id} value={String(o.id)} label={fill(o.text)} color={template.accent_color} disabled={verdict !== null} />
              ))}
            </Stack>
          </Checkbox.Group>
        ))}
      {verdict !== null && (
        <Alert color={verdict ? 'green' : 'red'} title={verdict ? 'Correct' : 'Not quite'} role="status">
          <Stack gap="sm">
            <Text size="sm">{fill(verdict ? step.correct_message : step.incorrect_message)}</Text>
            <MediaView
              media={verdict ? step.correct_media : step.incorrect_media}
              label={verdict ? 'Media after a right answer' : 'Media after a wrong answer'}
            />
          </Stack>
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" disabled={index === 0} onClick={() => go(index - 1)}>
          Back
        </Button>
        {asks && verdict === null ? (
          <Button color={template.accent_color} disabled={chosen.length === 0} onClick={check}>
            Check answer
          </Button>
        ) : index < steps.length - 1 ? (
          <Button color={template.accent_color} onClick={() => go(index + 1)}>
            Next
          </Button>
        ) : (
          <Text size="sm" fw={500}>
            End of the training
          </Text>
        )}
      </Group>
    </Stack>
  );
}
