// Dashboard section: links to every area the user's flags and permissions open, grouped like the navigation.
import { Anchor, Card, List, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ROUTES } from '@bulwark/core';
import { navigationGroups } from '../../../app/layout/navigation.ts';
import { routeContext, type Session } from '../../../session/session.ts';

export function AreaLinks({ session }: { session: Session }) {
  const groups = navigationGroups(ROUTES, routeContext(session)).filter((g) => g.title !== null);
  return (
    <section aria-labelledby="areas-heading">
      <Title order={2} size="h4" id="areas-heading" mb={4}>
        Areas
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        The parts of Bulwark your role can open. Areas that a later release builds say so on their page.
      </Text>
      {groups.length === 0 ? (
        <Text size="sm">Your role does not give access to any area yet. Ask an administrator of your organisation.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {groups.map((group) => (
            <Card key={group.key} withBorder padding="md">
              <Title order={3} size="h5" mb={6}>
                {group.title}
              </Title>
              <List size="sm" spacing={2} listStyleType="none">
                {group.items.map((item) => (
                  <List.Item key={item.path}>
                    <Anchor component={Link} to={item.path} size="sm">
                      {item.title}
                    </Anchor>
                  </List.Item>
                ))}
              </List>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </section>
  );
}
