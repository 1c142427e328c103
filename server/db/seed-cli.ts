// npm run seed [-- --reset]: loads the demo business into DATA_DIR (PGlite) or DATABASE_URL.
import { systemClock } from '../lib/clock';
import { openForSeeding } from './cli-common';
import { demoBusiness } from './demo';
import { seedIfEmpty } from './seed';

const database = await openForSeeding(process.argv.slice(2));
try {
  const loaded = await seedIfEmpty(database, () => demoBusiness(), systemClock);
  console.log(
    loaded
      ? 'demo business loaded: demo@serambi.id, kasir@serambi.id, dokter@serambi.id, spv@serambi.id / demo1234'
      : 'a business is already loaded: nothing done (npm run seed -- --reset to reload)',
  );
} finally {
  await database.close();
}
