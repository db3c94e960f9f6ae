import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { seed } from './db/seed/seed';
import { seedInputOf } from './http/area';
import { productAreas } from './modules/areas';
import { buildApp } from './app';
import { seedDemoFleet } from './modules/equipment/demoFleet';

function defaultWebDist(): string {
  // apps/server/{src,dist}/main → apps/web/dist
  return fileURLToPath(new URL('../../web/dist', import.meta.url));
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
  if (config.webDist === undefined) config.webDist = defaultWebDist();

  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePool });
  await runMigrations(database);
  const seeded = await seed(database, config.adminPassword, seedInputOf(productAreas));
  if (seeded.generatedAdminPassword) {
    // Printed once, on the start that created the account; it is not stored anywhere in clear.
    console.log(`\n  Administrator created: username "admin", password "${seeded.generatedAdminPassword}"\n  (set ADMIN_PASSWORD to choose it; change it after signing in)\n`);
  }
  if (seeded.createdAdmin && config.device.demoFleet) {
    const demo = await seedDemoFleet(database, config.dataDir);
    console.log(`  Demo organisation with ${demo.devices} devices; their credentials are in ${demo.file} (DEMO_FLEET=0 turns this off)`);
  }
  const app = await buildApp({ config, database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.port;
  const mqtt = app.deviceChannel.transport.address();
  console.log(`Console and API on http://${shown}:${port} (database: ${database.kind})`);
  console.log(`Devices: ${config.device.mqttUrl ? `external broker ${config.device.mqttUrl.replace(/\/\/[^@/]*@/, '//***@')}` : `${mqtt ?? 'no TCP listener'}, ws://${shown}:${port}/mqtt`}`);
}

main().catch((err: unknown) => {
  console.error('Server failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
