// /auth/set-password/:uid/:token: choosing a new password from a reset link.
import { SetPasswordForm } from './SetPasswordForm.tsx';

export default function ResetPasswordPage() {
  return <SetPasswordForm heading="Set a new password" intro="Choose a new password for" />;
}
