// Server-side rendering helper for shell components (node environment, no DOM needed).
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Router } from 'wouter';
import { ReadModelsProvider } from '../../src/ui/app/read-models';
import {
  DEFAULT_DEVICE,
  type SessionCommands,
  SessionContextProvider,
  type SessionView,
} from '../../src/ui/app/session-context';
import type { ShellUserData } from '../../src/ui/app/user-data';

export const noCommands: SessionCommands = {
  signIn: () => {},
  forgotPassword: () => {},
  resetPassword: () => {},
  chooseOutlet: () => {},
  reloadConfig: () => {},
  switchAccount: () => {},
  signOut: () => {},
  resumeSignOut: () => {},
  changeDevice: () => {},
};

export function sessionView(user: ShellUserData | null, extra: Partial<SessionView> = {}): SessionView {
  return {
    ready: true,
    authenticated: user !== null,
    userData: user,
    pendingSignOut: false,
    hasActiveShift: false,
    device: DEFAULT_DEVICE,
    busy: null,
    ...extra,
  };
}

export function render(
  node: ReactNode,
  options: { view?: SessionView; path?: string; ssrContext?: { redirectTo?: string } } = {},
): string {
  return renderToStaticMarkup(
    <MantineProvider>
      <SessionContextProvider value={{ view: options.view ?? sessionView(null), commands: noCommands }}>
        <ReadModelsProvider value={{ transactions: [] }}>
          <Router ssrPath={options.path ?? '/'} ssrContext={options.ssrContext}>
            {node}
          </Router>
        </ReadModelsProvider>
      </SessionContextProvider>
    </MantineProvider>,
  );
}

/** The visible text of rendered markup, whitespace collapsed. */
export function textOf(html: string): string {
  return html
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
