import { ENGINE_MESSAGES } from '../../domain/texts/cashier';

/**
 * Refusals the engine needs where the specification has no text of its own. Every other refusal is a
 * specification message from src/domain's MESSAGES (or the server's, from src/domain's payment check).
 */
export { ENGINE_MESSAGES };
