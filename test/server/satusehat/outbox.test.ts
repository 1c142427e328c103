import { satusehatOutboxSuite } from './outbox.suite';

satusehatOutboxSuite('pglite');
