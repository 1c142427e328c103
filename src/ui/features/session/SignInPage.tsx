// /sign-in (000 §2): e-mail and password; an in-page "Reset Password" view; redirect to / when signed in.
// With ?reset_token (the forgot-password e-mail's link, outside the spec) it asks for the new password.
import { Anchor, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { RESET_FORM_TEXT } from '../../../domain/texts/session';
import { type BootSignIn, takeBootSignIn } from '../../app/boot-sign-in';
import { useSession } from '../../app/session-context';
import { InsecureContextNotice } from '../../components/InsecureContextNotice';

export function SignInPage() {
  const { view, commands } = useSession();
  const [mode, setMode] = useState<'signIn' | 'forgot'>('signIn');
  const resetToken = new URLSearchParams(useSearch()).get('reset_token');
  const [, navigate] = useLocation();
  // A first visit painted the form from index.html (issue 28): take over what was typed, the focus, and a submit
  // or 'Lupa password?' pressed while the app loaded; before this page's first paint.
  const [boot, setBoot] = useState<BootSignIn | null>(null);
  useLayoutEffect(() => {
    const taken = takeBootSignIn();
    if (!taken) return;
    setBoot(taken);
    if (taken.pending === 'forgot') setMode('forgot');
  }, []);
  // The submit waits for the statechart to have read the stored session (it ignores a sign-in before).
  const submitted = useRef(false);
  useEffect(() => {
    if (boot?.pending !== 'submit' || !view.ready || submitted.current) return;
    submitted.current = true;
    commands.signIn(boot.email.trim(), boot.password);
  }, [boot, view.ready, commands]);
  if (view.ready && view.authenticated) return <Redirect to="/" replace />;
  return (
    <Center component="main" mih="100vh" bg="gray.1" p="md">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={420}>
        <InsecureContextNotice style={{ marginBottom: 'var(--mantine-spacing-md)' }} />
        {resetToken ? (
          <ResetPasswordForm
            busy={view.busy === 'resetPassword'}
            onSubmit={(password, confirmation) => commands.resetPassword(resetToken, password, confirmation)}
            onBack={() => navigate('/sign-in', { replace: true })}
          />
        ) : mode === 'signIn' ? (
          <SignInForm
            key={boot ? 'boot' : 'plain'}
            initial={boot ?? undefined}
            busy={view.busy === 'signIn' || (boot?.pending === 'submit' && !view.ready)}
            onSubmit={commands.signIn}
            onForgot={() => setMode('forgot')}
          />
        ) : (
          <ForgotPasswordForm
            busy={view.busy === 'forgotPassword'}
            onSubmit={commands.forgotPassword}
            onBack={() => setMode('signIn')}
          />
        )}
      </Paper>
    </Center>
  );
}

export function SignInForm({
  busy,
  onSubmit,
  onForgot,
  initial,
}: {
  busy: boolean;
  onSubmit: (email: string, password: string) => void;
  onForgot: () => void;
  /** What the HTML form held (values, focused control) when the app took it over. */
  initial?: Pick<BootSignIn, 'email' | 'password' | 'focus'>;
}) {
  const [email, setEmail] = useState(initial?.email ?? '');
  const [password, setPassword] = useState(initial?.password ?? '');
  const form = useRef<HTMLFormElement>(null);
  const focus = initial?.focus;
  useLayoutEffect(() => {
    if (!focus) return;
    const target =
      focus === 'submit'
        ? form.current?.querySelector<HTMLElement>('button[type="submit"]')
        : focus === 'forgot'
          ? [...(form.current?.querySelectorAll<HTMLElement>('button[type="button"]') ?? [])].at(-1)
          : form.current?.querySelector<HTMLElement>(`input[name="${focus}"]`);
    target?.focus();
  }, [focus]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The statechart validates ("Email harus diisi!", "Password harus diisi!") and reports.
    onSubmit(email.trim(), password);
  };
  return (
    <form ref={form} onSubmit={submit} noValidate>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={1} size="h2">
            Serambi
          </Title>
          <Text c="dimmed" size="sm">
            Sign in
          </Text>
        </Stack>
        <TextInput
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          size="md"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          size="md"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <Button type="submit" size="md" loading={busy} fullWidth>
          Sign In
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onForgot} ta="center">
          Lupa password?
        </Anchor>
      </Stack>
    </form>
  );
}

export const FORGOT_EMAIL_REQUIRED = 'Email harus diisi!';

export function ForgotPasswordForm({
  busy,
  onSubmit,
  onBack,
}: {
  busy: boolean;
  onSubmit: (email: string) => void;
  onBack: () => void;
}) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (email.trim() === '') {
      setError(FORGOT_EMAIL_REQUIRED);
      return;
    }
    setError(null);
    onSubmit(email.trim());
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          Reset Password
        </Title>
        <TextInput
          label="Email"
          name="email"
          type="email"
          size="md"
          value={email}
          error={error}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <Button type="submit" size="md" loading={busy} fullWidth>
          Send Reset Link to Email
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onBack} ta="center">
          Kembali ke Sign In
        </Anchor>
      </Stack>
    </form>
  );
}

export function ResetPasswordForm({
  busy,
  onSubmit,
  onBack,
}: {
  busy: boolean;
  onSubmit: (password: string, confirmation: string) => void;
  onBack: () => void;
}) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The statechart validates (required, length, the two match) and reports.
    onSubmit(password, confirmation);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={1} size="h2">
            Reset Password
          </Title>
          <Text c="dimmed" size="sm">
            {RESET_FORM_TEXT.intro}
          </Text>
        </Stack>
        <PasswordInput
          label={RESET_FORM_TEXT.password}
          name="new-password"
          autoComplete="new-password"
          size="md"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <PasswordInput
          label={RESET_FORM_TEXT.confirmation}
          name="new-password-confirmation"
          autoComplete="new-password"
          size="md"
          value={confirmation}
          onChange={(e) => setConfirmation(e.currentTarget.value)}
        />
        <Button type="submit" size="md" loading={busy} fullWidth>
          {RESET_FORM_TEXT.submit}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onBack} ta="center">
          Kembali ke Sign In
        </Anchor>
      </Stack>
    </form>
  );
}
