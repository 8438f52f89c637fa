// Recovery codes in the web app: shown once after TOTP or SMS enrolment (copy, download), the count left and "Regenerate
// recovery codes" in security settings (password errors on the field), and "Use a recovery code" at sign-in.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import LoginPage from '../auth/LoginPage.tsx';
import { RecoveryCodesList, recoveryCodesText } from './RecoveryCodesList.tsx';
import { RecoveryCodesSection } from './RecoveryCodesSection.tsx';
import { SmsEnrolment } from './SmsEnrolment.tsx';
import { TotpEnrolment } from './TotpEnrolment.tsx';
import { json, stubApi } from '../../../test/support/api-stub.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const CODES = Array.from({ length: 10 }, (_, i) => `abcd-efgh-jkmn-pq${String(i).padStart(2, '2')}`);
const SETUP = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauth_url: 'otpauth://totp/Bulwark:me@example.com?secret=JBSWY3DPEHPK3PXP',
  qr_code: 'data:image/png;base64,AA==',
};

describe('recovery codes', () => {
  it('shows the ten codes once after the authenticator is confirmed, then hands back', async () => {
    const api = stubApi().on('POST', 'user/two-factor/totp/confirm/', {
      detail: 'The authenticator app is now your second factor.',
      recovery_codes: CODES,
    });
    let done = 0;
    const { user } = renderWithApp(
      <TotpEnrolment email="me@example.com" setup={SETUP} onDone={async () => void done++} onCancel={() => {}} />,
    );
    await user.type(screen.getByLabelText(/code/i), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and enable' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(api.calls('POST', 'user/two-factor/totp/confirm/')[0]!.body).toEqual({ one_time_password: '123456' });
    expect(screen.getByRole('button', { name: 'Download as text' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy codes' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'I have saved my codes' }));
    expect(done).toBe(1);
  });

  it('shows the ten codes once after text-message codes are confirmed too', async () => {
    const api = stubApi()
      .on('POST', 'auth/set-phone-number/', { detail: 'We sent a code to •••••••••78.' })
      .on('POST', 'user/two-factor/sms/confirm/', { detail: 'Text-message codes are now your second factor.', recovery_codes: CODES });
    let done = 0;
    const { user } = renderWithApp(
      <SmsEnrolment email="me@example.com" initialPhone={null} onDone={async () => void done++} onCancel={() => {}} />,
    );
    await user.type(screen.getByLabelText(/phone number/i), '+45 12 34 56 78');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText(/code/i), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and enable' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(api.calls('POST', 'user/two-factor/sms/confirm/')[0]!.body).toEqual({ one_time_password: '123456' });
    expect(done).toBe(0);
    await user.click(screen.getByRole('button', { name: 'I have saved my codes' }));
    expect(done).toBe(1);
  });

  it('puts one code a line in the text file', () => {
    expect(recoveryCodesText('me@example.com', CODES.slice(0, 2)).split('\n')).toEqual([
      'Bulwark recovery codes for me@example.com',
      'Each code signs you in once in place of the one-time code.',
      '',
      CODES[0],
      CODES[1],
      '',
    ]);
    renderWithApp(<RecoveryCodesList email="me@example.com" codes={CODES} onDone={() => {}} />);
    expect(screen.getByRole('region', { name: 'Save your recovery codes' })).toBeTruthy();
  });

  it('shows the codes left and regenerates them with the password; a wrong password shows on its field', async () => {
    let remaining = 3;
    const api = stubApi()
      .on('GET', 'user/two-factor/', () => json({ method: 'totp', phone_number: null, recovery_codes_remaining: remaining }))
      .on('POST', 'user/two-factor/recovery-codes/', (req) => {
        if ((req.body as { password: string }).password !== 'right') return json({ password: ['The password is not correct.'] }, 400);
        remaining = 10;
        return json({ detail: 'New recovery codes were created; the old ones no longer work.', recovery_codes: CODES });
      });
    const { user } = renderWithApp(<RecoveryCodesSection email="me@example.com" />);
    expect((await screen.findByText('3 of 10 recovery codes left.')).getAttribute('data-testid')).toBe('recovery-codes-remaining');
    await user.click(screen.getByRole('button', { name: 'Regenerate recovery codes' }));
    await user.click(screen.getByRole('button', { name: 'Make new recovery codes' }));
    expect(await screen.findByText('Current password is required')).toBeTruthy();
    expect(api.calls('POST', 'user/two-factor/recovery-codes/')).toHaveLength(0);
    await user.type(screen.getByLabelText('Current password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Make new recovery codes' }));
    const field = screen.getByLabelText('Current password');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('The password is not correct.')).toBeTruthy();
    await user.clear(field);
    await user.type(field, 'right');
    await user.click(screen.getByRole('button', { name: 'Make new recovery codes' }));
    expect(await screen.findByRole('list', { name: 'Recovery codes' })).toBeTruthy();
    expect(await screen.findByText('10 of 10 recovery codes left.')).toBeTruthy();
  });
});

describe('sign-in with a recovery code', () => {
  it('switches the second step to a recovery code and sends it in place of the one-time code', async () => {
    const api = stubApi()
      .on('GET', 'check-authentication/', {
        isAuthenticated: false,
        sessionExpiryAgeSeconds: 0,
        impersonated: false,
        impersonation_source: null,
      })
      .on('POST', 'auth/login/', (req) => {
        const body = req.body as { recovery_code?: string };
        if (!body.recovery_code)
          return json({ one_time_password: ['Enter the 6-digit code from your authenticator app.'], otp_method: 'totp' }, 400);
        if (body.recovery_code !== CODES[0])
          return json({ recovery_code: ['This recovery code is not valid or has already been used.'] }, 400);
        return json({ isAuthenticated: true, sessionExpiryAgeSeconds: 1800, impersonated: false, impersonation_source: null });
      });
    const { user } = renderWithApp(<LoginPage />, { path: '/auth/login' });
    await user.type(screen.getByLabelText('Email'), 'me@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    const field = screen.getByLabelText('Recovery code');
    await user.type(field, 'nope-nope-nope-nope');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('This recovery code is not valid or has already been used.')).toBeTruthy();
    await user.clear(field);
    await user.type(field, CODES[0]!);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(api.calls('POST', 'auth/login/')).toHaveLength(3));
    expect(api.calls('POST', 'auth/login/')[2]!.body).toMatchObject({ username: 'me@example.com', recovery_code: CODES[0] });
    expect(api.calls('POST', 'auth/login/')[2]!.body).not.toHaveProperty('one_time_password');
  });
});
