// /auth/set-password/welcome/:uid/:token: a new user's first choice of password.
import { SetPasswordForm } from './SetPasswordForm.tsx';

export default function WelcomePasswordPage() {
  return <SetPasswordForm heading="Welcome to Bulwark" intro="Choose the password you will sign in with as" />;
}
