// The transaction /pos?next resumes (000 §2): kept in sessionStorage so a reload, or a screen that starts a
// transaction elsewhere (Daftar Piutang's 'Bayar', 002 §2.12), lands on it at step 2.

const CURRENT_KEY = 'serambi.pos.current_trx';

export const readCurrentTrx = (): string | null => {
  try {
    return sessionStorage.getItem(CURRENT_KEY);
  } catch {
    return null;
  }
};

export const writeCurrentTrx = (id: string | null): void => {
  try {
    if (id) sessionStorage.setItem(CURRENT_KEY, id);
    else sessionStorage.removeItem(CURRENT_KEY);
  } catch {
    // Private mode without storage: resuming is a convenience only.
  }
};
