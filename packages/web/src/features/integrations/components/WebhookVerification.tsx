// How a webhook receiver checks that a request came from Bulwark: the headers, an example body, and a short Node.js or
// Python function in collapsible blocks.
import { Accordion, Card, Code, Stack, Table, Text, Title } from '@mantine/core';
import { NODE_SAMPLE, PYTHON_SAMPLE, WEBHOOK_BODY_EXAMPLE, WEBHOOK_HEADERS } from '../webhook-samples.ts';

const HEADING_ID = 'webhook-verification-heading';
const CODE_STYLE = { whiteSpace: 'pre', overflowX: 'auto' } as const;

export function WebhookVerification() {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={HEADING_ID}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={HEADING_ID}>
          Verifying requests
        </Title>
        <Text size="sm">
          Each request is a POST with a JSON body and these headers. Compute the HMAC over the raw body as received: parsing and
          re-serialising the JSON changes it and the signature no longer matches. Compare in constant time.
        </Text>
        <Table withTableBorder verticalSpacing="xs" aria-label="Headers of a webhook request">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Header</Table.Th>
              <Table.Th scope="col">Value</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {WEBHOOK_HEADERS.map((h) => (
              <Table.Tr key={h.name}>
                <Table.Td>
                  <Code>{h.name}</Code>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{h.text}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Accordion variant="separated" multiple>
          <Accordion.Item value="node">
            <Accordion.Control>Check the signature in Node.js</Accordion.Control>
            <Accordion.Panel>
              <Code block style={CODE_STYLE} data-testid="node-sample">
                {NODE_SAMPLE}
              </Code>
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="python">
            <Accordion.Control>Check the signature in Python</Accordion.Control>
            <Accordion.Panel>
              <Code block style={CODE_STYLE}>
                {PYTHON_SAMPLE}
              </Code>
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="body">
            <Accordion.Control>An example body</Accordion.Control>
            <Accordion.Panel>
              <Code block style={CODE_STYLE}>
                {WEBHOOK_BODY_EXAMPLE}
              </Code>
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
      </Stack>
    </Card>
  );
}
