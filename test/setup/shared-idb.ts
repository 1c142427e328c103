// The shared project's files share their worker's modules (isolate: false): Dexie reads the global indexedDB
// once, when it is first imported. A file that imports Dexie without the fake (through the app's modules)
// would leave it without one for every later file in that worker, so the fake is installed before any.
import 'fake-indexeddb/auto';
