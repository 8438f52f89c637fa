// A web run's site map as a tree of sites, folders and pages: each node shows how many requests sit at or under it and
// how many answered with an error; a node can be opened or closed, and chosen to narrow the requests beside it. Built of
// buttons in nested lists, so it works by keyboard and reads naturally to a screen reader.
import { useState } from 'react';
import { Badge, Box, Group, Text, UnstyledButton } from '@mantine/core';
import type { SitemapTreeNode } from '@bulwark/core';
import { errorCount, indexTree, initiallyOpen, type TreeIndex } from './site-map-tree.ts';

interface NodeProps {
  node: SitemapTreeNode;
  index: TreeIndex;
  open: Set<string>;
  toggle(path: string): void;
  selected: string | null;
  onSelect(path: string | null): void;
}

function TreeNode({ node, index, open, toggle, selected, onSelect }: NodeProps) {
  const kids = index.children.get(node.path) ?? [];
  const isOpen = open.has(node.path);
  const errors = errorCount(node.statuses);
  const chosen = selected === node.path;
  return (
    <Box component="li" style={{ listStyle: 'none' }}>
      <Group gap={4} wrap="nowrap">
        {kids.length > 0 ? (
          <UnstyledButton
            onClick={() => toggle(node.path)}
            aria-expanded={isOpen}
            aria-label={`${isOpen ? 'Close' : 'Open'} ${node.name}`}
            w={18}
            ta="center"
          >
            {isOpen ? '▾' : '▸'}
          </UnstyledButton>
        ) : (
          <Box w={18} aria-hidden />
        )}
        <UnstyledButton
          onClick={() => onSelect(chosen ? null : node.path)}
          aria-pressed={chosen}
          title={node.path}
          px={4}
          style={{ borderRadius: 4, background: chosen ? 'var(--mantine-color-blue-light)' : undefined }}
        >
          <Group gap={6} wrap="nowrap">
            <Text size="sm" ff="monospace" fw={node.depth === 0 ? 600 : undefined}>
              {node.name}
            </Text>
            <Text size="xs" c="dimmed">
              {node.total}
            </Text>
            {errors > 0 && (
              <Badge size="xs" variant="light" color="orange" title="Answers with status 4xx or 5xx">
                {errors} error{errors === 1 ? '' : 's'}
              </Badge>
            )}
          </Group>
        </UnstyledButton>
      </Group>
      {kids.length > 0 && isOpen && (
        <Box component="ul" pl={18} m={0}>
          {kids.map((kid) => (
            <TreeNode key={kid.path} node={kid} index={index} open={open} toggle={toggle} selected={selected} onSelect={onSelect} />
          ))}
        </Box>
      )}
    </Box>
  );
}

export interface SiteMapTreeProps {
  nodes: readonly SitemapTreeNode[];
  selected: string | null;
  onSelect(path: string | null): void;
}

export function SiteMapTree({ nodes, selected, onSelect }: SiteMapTreeProps) {
  const index = indexTree(nodes);
  const [open, setOpen] = useState(() => initiallyOpen(index));
  function toggle(path: string) {
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(path)) next.delete(path);
      else next.add(path);
      return next;
    });
  }
  return (
    <Box component="ul" p={0} m={0} aria-label="Site map">
      {index.roots.map((root) => (
        <TreeNode key={root.path} node={root} index={index} open={open} toggle={toggle} selected={selected} onSelect={onSelect} />
      ))}
    </Box>
  );
}
