// vitest setupFiles: the jsdom shims every component test needs (Mantine's browser APIs, React's act
// environment), installed once here instead of in each test. Node-environment tests are left untouched.
import { installDomShims } from './dom-shims';

if (typeof window !== 'undefined') installDomShims();
