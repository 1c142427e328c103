// Moved to test/fixtures/transactions.ts (the shared builders); kept so the domain tests' imports still work.
export * from '../fixtures/transactions';
