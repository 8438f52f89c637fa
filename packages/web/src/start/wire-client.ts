// Connects the API client to the app: a lost session goes to logout/login with session_expired, timeouts warn.
import { SESSION_EXPIRED } from '@bulwark/core';
import { configureClient } from '../api/client.ts';
import { showTimeoutReloadWarning, showTimeoutWarning } from '../components/toasts.tsx';
import { queryClient } from './query-client.ts';
import { router } from '../app/router.tsx';
import { resetToAnonymous } from '../session/session.ts';
import { loginUrl, logoutUrl } from '../session/urls.ts';

export function wireClient(): void {
  configureClient({
    onSessionLost(target) {
      const { pathname, search } = router.state.location;
      const options = { message: SESSION_EXPIRED, next: pathname + search };
      if (target === 'login') {
        // Navigate first: once the session reads anonymous, the current page's guard would redirect without the message.
        void router.navigate(loginUrl(options), { replace: true }).then(() => resetToAnonymous(queryClient));
      } else {
        void router.navigate(logoutUrl(options), { replace: true });
      }
    },
    onTimeout: (warning) => (warning === 'reload' ? showTimeoutReloadWarning() : showTimeoutWarning()),
  });
}
