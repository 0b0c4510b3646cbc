import type { Database } from '@switchyard/db/orm';
import { seedDemoHousehold } from '@switchyard/db/transport/billing/seed-demo-household';
import { seedDemoOperations } from '@switchyard/db/transport/operations/seed-demo-operations';
import type { Logger } from '../logger.ts';

/**
 * With SEED_DEMO on, the demo tenant gets sample schools, routes, buses and a household, so a
 * fresh installation has something to look at. Each part writes only into an empty demo tenant,
 * so a restart never brings back what an operator removed.
 */
export const seedDemoData = async (options: { db: Database; logger: Logger; now: Date }): Promise<void> => {
  const operationsSeeded = await seedDemoOperations(options.db.fork(), options.now);
  await seedDemoHousehold(options.db.fork());
  if (operationsSeeded) {
    options.logger.info({ tenant: 'demo' }, 'demo schools, routes and buses added');
  }
};
