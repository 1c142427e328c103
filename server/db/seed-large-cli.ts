// npm run seed:large -- --items 20000 --customers 5000 [--seed 1] [--reset]: the demo business plus a large
// generated catalogue and customer base (benchmarks).
import { systemClock } from '../lib/clock';
import { numberArg, openForSeeding } from './cli-common';
import { demoBusiness } from './demo';
import { largeCatalogue } from './demo/large';
import { loadLargeCatalogue, seedIfEmpty } from './seed';
import { refreshPlannerStatistics } from './statistics';

const argv = process.argv.slice(2);
const items = numberArg(argv, 'items', 20_000);
const customers = numberArg(argv, 'customers', 5_000);
const seed = numberArg(argv, 'seed', 1);
const database = await openForSeeding(argv);
try {
  const started = Date.now();
  await seedIfEmpty(database, () => demoBusiness(), systemClock);
  const demo = demoBusiness();
  const loaded = await loadLargeCatalogue(
    database,
    demo.brand.business_id,
    largeCatalogue({ items, customers, seed }),
    systemClock,
  );
  if (loaded) await refreshPlannerStatistics(database);
  console.log(
    loaded
      ? `loaded ${items} items and ${customers} customers in ${((Date.now() - started) / 1000).toFixed(1)} s`
      : 'a large catalogue is already loaded: nothing done (-- --reset to start over)',
  );
} finally {
  await database.close();
}
