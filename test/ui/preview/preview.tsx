// A preview of the shell on fixed session states (no server): ?scenario=home-kemang
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppProviders } from '../../../src/ui/app/App';
import { AppRoutes } from '../../../src/ui/app/AppRoutes';
import { ReadModelsProvider } from '../../../src/ui/app/read-models';
import {
  type SessionCommands,
  SessionContextProvider,
  type SessionView,
} from '../../../src/ui/app/session-context';
import { notify } from '../../../src/ui/components/feedback';
import { SCENARIOS } from './scenarios';

const name = new URLSearchParams(window.location.search).get('scenario') ?? 'home-kemang';
const scenario = SCENARIOS[name] ?? SCENARIOS['home-kemang'];
const location = memoryLocation({ path: scenario.path, record: true });

function Preview() {
  const [view, setView] = useState<SessionView>(scenario.view);
  const commands: SessionCommands = {
    signIn: (email) => notify('info', `signIn ${email}`),
    forgotPassword: (email) => notify('info', `forgotPassword ${email}`),
    resetPassword: () => notify('success', 'Password berhasil diubah, silakan sign in dengan password baru.'),
    chooseOutlet: (id) => notify('success', `chooseOutlet ${id}`),
    reloadConfig: () => notify('success', 'Konfigurasi berhasil diperbarui'),
    switchAccount: (email) => notify('info', `switchAccount ${email}`),
    signOut: () => notify('info', 'signOut'),
    resumeSignOut: () => {},
    changeDevice: (patch) => setView((v) => ({ ...v, device: { ...v.device, ...patch } })),
  };
  return (
    <AppProviders>
      <SessionContextProvider value={{ view, commands }}>
        <ReadModelsProvider value={{ transactions: scenario.transactions }}>
          <Router hook={location.hook}>
            <AppRoutes onPurge={() => {}} />
          </Router>
        </ReadModelsProvider>
      </SessionContextProvider>
    </AppProviders>
  );
}

const root = document.getElementById('root');
if (root && name !== 'purgatory') {
  createRoot(root).render(
    <StrictMode>
      <Preview />
    </StrictMode>,
  );
}
