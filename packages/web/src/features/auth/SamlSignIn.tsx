// SAML single sign-on on the login page: once the e-mail typed belongs to an organisation that signs in through its
// identity provider, a "Sign in with <idp_name>" button (a link to Bulwark's SP-initiated sign-in, so it works with the
// keyboard and without script); and the reason a SAML sign-in was refused when the assertion consumer sent the user
// back here with ?saml_error=<code>.
import { Alert, Button } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { SAML_ERRORS, samlDiscovery, type SamlErrorCode } from '@bulwark/core';
import { api } from '../../api/client.ts';
import { safeNext } from '../../session/urls.ts';

export const SAML_ERROR_PARAM = 'saml_error';
const LOOKS_COMPLETE = /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i;

export function SamlError({ code }: { code: string | null }) {
  if (!code || !Object.hasOwn(SAML_ERRORS, code)) return null;
  return (
    <Alert color="red" variant="light" role="alert" title="Single sign-on failed" data-testid="saml-error">
      {SAML_ERRORS[code as SamlErrorCode]}
    </Alert>
  );
}

export function SamlSignInButton({ email, next }: { email: string; next: string | null }) {
  const [typed] = useDebouncedValue(email.trim().toLowerCase(), 300);
  const domain = LOOKS_COMPLETE.test(typed) ? typed.split('@')[1]! : null;
  // Asked per domain, not per address: the answer is the organisation's, and fewer calls reach the rate limit.
  const discovery = useQuery({
    queryKey: ['saml-discover', domain],
    enabled: domain !== null,
    retry: false,
    staleTime: 60_000,
    queryFn: () =>
      api.get('saml/discover/', {
        query: { email: `sign-in@${domain}` },
        schema: samlDiscovery,
        ignoreUnauthorized: true,
        skipRenewal: true,
      }),
  });
  const sso = domain ? discovery.data?.sso : null;
  if (!sso) return null;
  const target = safeNext(next);
  const href = `${sso.login_url}${target ? `?next=${encodeURIComponent(target)}` : ''}`;
  return (
    <Button component="a" href={href} variant="light" fullWidth>
      Sign in with {sso.idp_name}
    </Button>
  );
}
