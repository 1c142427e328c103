/**
 * Time at the outlet: the one module that parses, compares, formats and stores dates and times, on the
 * device and on the server. Every outlet runs on WIB (zone Asia/Jakarta, UTC+7, no daylight saving);
 * the spec's stored format "YYYY-MM-DD HH:mm:ss" (file 003 §9) is WIB wall-clock time, whatever zone
 * the device or the server process is set to. Instants (Date, epoch ms) stay instants; only this module
 * turns them into wall-clock text and back, never through the process's own zone.
 *
 * Its parts (docs/decisions.md, issue 16 and issue 10's budgets), no date library at run time:
 * - time-wall.ts (fixed +07:00): the stored format, server times, calendar dates and arithmetic; the code
 *   every page loads imports it directly. test/domain/time-wall.property.test.ts holds it equal to luxon
 *   (a dev dependency: the reference, never loaded by the app or the server).
 * - time-format.ts, the display patterns, apart so the sign-in path does not load them.
 * - time-relative.ts, dayjs's relative age words, imported only where a list shows them.
 * - this file: the two above together, for the server and the domain's index.
 */
export * from './time-format';
export * from './time-wall';
