import { MESSAGES } from './texts/sale';

/**
 * The specification's messages for a sale (file 000 §4–5, file 002 §5 shift), verbatim,
 * typos included. Messages with placeholders are functions; callers get the filled text.
 */
export { MESSAGES };

export type MessageKey = keyof typeof MESSAGES;
