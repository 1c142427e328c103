// <PosDialogs/> mounts a dialog the first time it opens (issue 28: a mounted dialog re-renders its
// closed Mantine modal on every cart change). Mantine's modal keeps the element to give focus back
// to only when `opened` turns true after its mount, so the dialog's first render is held closed.
import { createContext, useContext } from 'react';

export const HeldClosed = createContext(false);

/** True for the one render a dialog is mounted in before it opens: its `opened` is false then. */
export const useHeldClosed = (): boolean => useContext(HeldClosed);
