// The tags page against a stubbed API: tags with kind, rules in words and asset counts linking to the asset list; adding
// a dynamic tag with a rule and its preview of matching assets (the §8 note shown after saving); a duplicate name shown
// on the name field; the unified route calls unified-tags/.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Tag } from '@bulwark/core';
import TagsPage from './TagsPage.tsx';
import { json, page, stubApi } from '../../../test/support/api-stub.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

function aTag(o: Partial<Tag> = {}): Tag {
  return {
    id: 5,
    name: 'Office hosts',
    description: '',
    color: '#1c7ed6',
    is_dynamic: true,
    rules: [{ field: 'address', operator: 'in', value: '10.20.0.0/16' }],
    business_impact: 3,
    asset_count: 12,
    created: '2026-11-20T10:00:00.000Z',
    modified: '2026-11-20T10:00:00.000Z',
    evaluated: '2026-11-20T10:00:00.000Z',
    ...o,
  };
}

describe('TagsPage', () => {
  it('lists tags: kind, rules in words, business impact and asset counts that open the asset list', async () => {
    stubApi().on(
      'GET',
      'tags/tags/',
      page([aTag(), aTag({ id: 6, name: 'Production', is_dynamic: false, rules: [], business_impact: null, asset_count: 3 })]),
    );
    renderWithApp(<TagsPage />, { path: '/assets/tags' });
    const table = await screen.findByRole('table', { name: 'Tags' });
    const office = within(table).getByRole('row', { name: /Office hosts/ });
    expect(within(office).getByText('Dynamic')).toBeInTheDocument();
    expect(within(office).getByText('Address is in 10.20.0.0/16')).toBeInTheDocument();
    expect(within(office).getByText('High')).toBeInTheDocument();
    expect(within(office).getByRole('link', { name: '12 assets with Office hosts' })).toHaveAttribute('href', '/assets/assets?any_tags=5');
    expect(within(within(table).getByRole('row', { name: /Production/ })).getByText('Static')).toBeInTheDocument();
  });

  it('adds a dynamic tag: a rule, its preview, then the propagation note', async () => {
    const stub = stubApi()
      .on('GET', 'tags/tags/', page([]))
      .on('POST', 'tags/tags/preview/', {
        count: 2,
        results: [
          { id: 1, asset_name: 'db-01', asset_type: 2, kind: 'host' },
          { id: 2, asset_name: 'web-01', asset_type: 2, kind: 'host' },
        ],
      })
      .on('POST', 'tags/tags/', (req) =>
        (req.body as { name: string }).name === 'Production'
          ? json({ name: ['A tag with this name already exists.'] }, 409)
          : json({ ...aTag(), name: 'Office', message: 'Changes to dynamic tags may take up to 5 minutes to apply.' }, 201),
      );
    const { user } = renderWithApp(<TagsPage />, { path: '/assets/tags' });
    await screen.findByText('No tags yet.');
    await user.click(screen.getAllByRole('button', { name: 'Add tag' })[0]!);
    const form = await screen.findByRole('form', { name: 'Add a tag' });
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'Production');
    await user.click(within(form).getByRole('button', { name: 'Add tag' }));
    expect(await within(form).findByText('A tag with this name already exists.')).toBeInTheDocument();

    await user.clear(within(form).getByRole('textbox', { name: /Name/ }));
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'Office');
    await user.click(within(form).getByRole('switch', { name: /Dynamic/ }));
    await user.click(within(form).getByRole('button', { name: 'Add tag' }));
    expect(await within(form).findByText('A dynamic tag needs at least one rule.')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Add rule' }));
    await user.type(within(form).getByRole('textbox', { name: 'Rule 1 value' }), '10.20.0.0/16');
    await user.click(within(form).getByRole('button', { name: 'Preview matching assets' }));
    const preview = await within(form).findByLabelText('Preview');
    expect(preview).toHaveTextContent('2 assets match.');
    expect(preview).toHaveTextContent('web-01');
    expect(stub.calls('POST', 'tags/tags/preview/').at(-1)!.body).toEqual({
      rules: [{ field: 'address', operator: 'in', value: '10.20.0.0/16' }],
    });
    await user.click(within(form).getByRole('button', { name: 'Add tag' }));
    expect(await screen.findByText('Changes to dynamic tags may take up to 5 minutes to apply.')).toBeInTheDocument();
    expect(stub.calls('POST', 'tags/tags/').at(-1)!.body).toMatchObject({
      name: 'Office',
      is_dynamic: true,
      rules: [{ field: 'address', operator: 'in', value: '10.20.0.0/16' }],
    });
  });

  it('uses unified-tags/unified-tags/ on the unified route', async () => {
    const stub = stubApi().on('GET', 'unified-tags/unified-tags/', page([aTag()]));
    renderWithApp(<TagsPage />, { path: '/assets/unified-tags' });
    await screen.findByRole('table', { name: 'Tags' });
    await waitFor(() => expect(stub.calls('GET', 'unified-tags/unified-tags/')).toHaveLength(1));
  });
});
