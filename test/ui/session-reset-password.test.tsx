// @vitest-environment jsdom
// /sign-in?reset_token=… (the forgot-password e-mail's link): the new-password form sends the token and
// both passwords; without the token the page is the plain sign-in form; "Kembali ke Sign In" drops it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { RESET_FORM_TEXT } from '../../src/domain/texts/session';
import { type SessionCommands, SessionContextProvider } from '../../src/ui/app/session-context';
import { SignInPage } from '../../src/ui/features/session/SignInPage';
import { cleanup, fireEvent, render, screen } from '../fixtures/render';
import { noCommands, sessionView } from './shell-render';

afterEach(cleanup);

function page(path: string, commands: Partial<SessionCommands> = {}, busy: 'resetPassword' | null = null) {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <SessionContextProvider
        value={{ view: sessionView(null, { busy }), commands: { ...noCommands, ...commands } }}
      >
        <SignInPage />
      </SessionContextProvider>
    </Router>,
  );
  return location;
}

const submitButton = () => screen.getByRole('button', { name: RESET_FORM_TEXT.submit });
const typeInto = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } });

describe('the reset-password form on /sign-in', () => {
  it('sends the link token and both passwords as typed', () => {
    const resetPassword = vi.fn();
    page('/sign-in?reset_token=tok-123', { resetPassword });
    expect(screen.getAllByText('Reset Password').length).toBeGreaterThan(0);
    expect(screen.queryByText('Lupa password?')).toBeNull();
    typeInto(RESET_FORM_TEXT.password, 'passwordbaru');
    typeInto(RESET_FORM_TEXT.confirmation, 'passwordbaru2');
    fireEvent.click(submitButton());
    expect(resetPassword).toHaveBeenCalledWith('tok-123', 'passwordbaru', 'passwordbaru2');
  });

  it('shows the spinner while the statechart posts', () => {
    page('/sign-in?reset_token=tok-123', {}, 'resetPassword');
    expect(submitButton().getAttribute('data-loading')).toBe('true');
  });

  it('without a token: the sign-in form', () => {
    page('/sign-in');
    expect(screen.getByText('Lupa password?')).toBeTruthy();
    expect(screen.queryByLabelText(new RegExp(`^${RESET_FORM_TEXT.password}`))).toBeNull();
  });

  it('"Kembali ke Sign In" leaves the link for the sign-in form', () => {
    const location = page('/sign-in?reset_token=tok-123');
    fireEvent.click(screen.getByRole('button', { name: 'Kembali ke Sign In' }));
    expect(location.history.at(-1)).toBe('/sign-in');
    expect(screen.getByText('Lupa password?')).toBeTruthy();
  });
});
