// The profile test-selection rule: plus/minus categories and tests over the shipped templates and a small fixed set.
import { describe, expect, it } from 'vitest';
import { categoryId, loadTemplates, selectTemplates } from '../src/checks/index.ts';

const t = (id: string, category: string) => ({ id, bulwark: { category, solution: '', confidence: 'potential' as const, services: [] } });
const SET = [t('ssh-a', 'SSH'), t('ssh-b', 'SSH'), t('tls-a', 'SSL/TLS'), t('web-a', 'Web servers'), t('x', 'uncategorized')];
const ids = (sel: Parameters<typeof selectTemplates>[1]) => selectTemplates(SET, sel).map((x) => x.id);

describe('check selection', () => {
  it('derives category ids from names', () => {
    expect(categoryId('SSL/TLS')).toBe('ssl-tls');
    expect(categoryId('Web servers')).toBe('web-servers');
    expect(categoryId('  Mail servers ')).toBe('mail-servers');
    expect(categoryId('---')).toBe('uncategorized');
  });

  it('selects every template when nothing is listed', () => {
    expect(ids({})).toEqual(['ssh-a', 'ssh-b', 'tls-a', 'web-a', 'x']);
    expect(ids({ plus_categories: [], minus_categories: null })).toEqual(['ssh-a', 'ssh-b', 'tls-a', 'web-a', 'x']);
  });

  it('limits to plus categories, adds plus tests, in template order', () => {
    expect(ids({ plus_categories: ['ssh'] })).toEqual(['ssh-a', 'ssh-b']);
    expect(ids({ plus_categories: ['ssl-tls', 'ssh'] })).toEqual(['ssh-a', 'ssh-b', 'tls-a']);
    expect(ids({ plus_categories: ['ssh'], plus_tests: ['web-a'] })).toEqual(['ssh-a', 'ssh-b', 'web-a']);
    // With no plus categories everything is already in: plus tests change nothing.
    expect(ids({ plus_tests: ['web-a'] })).toEqual(['ssh-a', 'ssh-b', 'tls-a', 'web-a', 'x']);
  });

  it('removes minus categories and minus tests, and a removal wins over an addition', () => {
    expect(ids({ minus_categories: ['ssh', 'uncategorized'] })).toEqual(['tls-a', 'web-a']);
    expect(ids({ minus_tests: ['tls-a'] })).toEqual(['ssh-a', 'ssh-b', 'web-a', 'x']);
    expect(ids({ plus_categories: ['ssh'], minus_tests: ['ssh-b'] })).toEqual(['ssh-a']);
    expect(ids({ plus_categories: ['ssh'], plus_tests: ['web-a'], minus_categories: ['web-servers'] })).toEqual(['ssh-a', 'ssh-b']);
    expect(ids({ plus_categories: ['ssh'], minus_categories: ['ssh'] })).toEqual([]);
  });

  it('selects nothing for unknown ids', () => {
    expect(ids({ plus_categories: ['no-such-category'] })).toEqual([]);
    expect(ids({ plus_categories: ['no-such-category'], plus_tests: ['x'] })).toEqual(['x']);
  });

  it('applies to the shipped templates: every category id selects exactly its templates', async () => {
    const { templates, refused } = await loadTemplates();
    expect(refused).toEqual([]);
    const byCategory = new Map<string, string[]>();
    for (const tpl of templates)
      byCategory.set(categoryId(tpl.bulwark.category), [...(byCategory.get(categoryId(tpl.bulwark.category)) ?? []), tpl.id]);
    expect(byCategory.get('ssl-tls')?.length).toBeGreaterThan(0);
    for (const [category, members] of byCategory) {
      expect(selectTemplates(templates, { plus_categories: [category] }).map((x) => x.id)).toEqual(members);
      expect(selectTemplates(templates, { minus_categories: [category] })).toHaveLength(templates.length - members.length);
    }
    // Minus every category: no checks at all (what the built-in Discovery profile does).
    expect(selectTemplates(templates, { minus_categories: [...byCategory.keys()] })).toEqual([]);
  });
});
