// The login page's single sign-on: the "Sign in with <idp_name>" link appears once the e-mail typed is in a domain that
// signs in through an identity provider (and leads to Bulwark's SP-initiated sign-in, keeping where the user was going),
// stays away for other domains, and a refused SAML sign-in's reason is shown from ?saml_error=.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SAML_ERRORS } from '@bulwark/core';
import LoginPage from './LoginPage.tsx';
import { json, stubApi } from '../../../test/support/api-stub.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

describe('LoginPage single sign-on', () => {
  it('offers “Sign in with <idp_name>” for an e-mail of the organisation’s domain', async () => {
    const api = stubApi().on('GET', 'saml/discover/', (call) =>
      json(
        call.query.get('email')?.endsWith('@corp.example')
          ? { sso: { idp_name: 'Corp IdP', login_url: '/api/saml/7/login/' } }
          : { sso: null },
      ),
    );
    const { user } = renderWithApp(<LoginPage />, { path: '/auth/login', url: '/auth/login?next=%2Fvm%2Fvulnerabilities' });
    await user.type(screen.getByLabelText('Email'), 'someone@elsewhere.example');
    await waitFor(() => expect(api.calls('GET', 'saml/discover/')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: /Sign in with/ })).toBeNull();
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'Nora@Corp.example');
    const link = await screen.findByRole('link', { name: 'Sign in with Corp IdP' });
    expect(link).toHaveAttribute('href', '/api/saml/7/login/?next=%2Fvm%2Fvulnerabilities');
    // Asked by domain: the address itself is not sent.
    expect(api.calls('GET', 'saml/discover/').map((c) => c.query.get('email'))).toEqual([
      'sign-in@elsewhere.example',
      'sign-in@corp.example',
    ]);
    // The password form stays for everyone else in the organisation (password users, the break-glass administrator).
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('asks nothing until the address looks complete, and shows no button when the server cannot answer', async () => {
    const api = stubApi();
    const { user } = renderWithApp(<LoginPage />, { path: '/auth/login' });
    await user.type(screen.getByLabelText('Email'), 'nora@corp');
    await new Promise((r) => setTimeout(r, 400));
    expect(api.calls('GET', 'saml/discover/')).toHaveLength(0);
    await user.type(screen.getByLabelText('Email'), '.example');
    await waitFor(() => expect(api.calls('GET', 'saml/discover/')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: /Sign in with/ })).toBeNull();
  });

  it('says why a SAML sign-in was refused, and ignores an unknown code', async () => {
    stubApi();
    const { unmount } = renderWithApp(<LoginPage />, { path: '/auth/login', url: '/auth/login?saml_error=replayed' });
    expect(await screen.findByTestId('saml-error')).toHaveTextContent(SAML_ERRORS.replayed);
    expect(screen.getByRole('alert')).toHaveTextContent('Single sign-on failed');
    unmount();
    renderWithApp(<LoginPage />, { path: '/auth/login', url: '/auth/login?saml_error=<script>' });
    expect(await screen.findByRole('heading', { name: 'Sign in to Bulwark' })).toBeTruthy();
    expect(screen.queryByTestId('saml-error')).toBeNull();
  });
});
