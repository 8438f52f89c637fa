// The side navigation: sections of the route table the user may see, with the current page marked.
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { NavLink, Stack } from '@mantine/core';
import { ROUTES, type RouteContext } from '@bulwark/core';
import { activePath, isActivePath, navigationGroups } from './navigation.ts';
import { WEB_ROUTES } from '../web-routes.ts';

export function Navigation({ ctx }: { ctx: RouteContext }) {
  const { pathname } = useLocation();
  // The app's own routes marked for the navigation (e.g. scan appliances) join the spec's.
  const groups = navigationGroups([...ROUTES, ...WEB_ROUTES], ctx);
  return (
    <Stack gap={2}>
      {groups.map((group) => {
        const current = activePath(
          pathname,
          group.items.map((item) => item.path),
        );
        const links = group.items.map((item) => {
          const active = item.path === current;
          return (
            <NavLink
              key={item.path}
              component={Link}
              to={item.path}
              label={item.title}
              active={active}
              aria-current={active ? 'page' : undefined}
            />
          );
        });
        if (group.title === null) return links;
        const open = group.items.some((item) => isActivePath(pathname, item.path)) || isActivePath(pathname, group.key);
        return (
          <NavGroup key={group.key} title={group.title} defaultOpened={open}>
            {links}
          </NavGroup>
        );
      })}
    </Stack>
  );
}

/**
 * A section of the navigation that opens and closes: a button (Mantine's default is a link without a target, which
 * cannot take the focus, so a keyboard could never open the section) that says whether it is open.
 */
function NavGroup({ title, defaultOpened, children }: { title: string; defaultOpened: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(defaultOpened);
  return (
    <NavLink component="button" type="button" label={title} opened={opened} onChange={setOpened} aria-expanded={opened} childrenOffset={16}>
      {children}
    </NavLink>
  );
}
