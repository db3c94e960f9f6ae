import type { FastifyInstance } from 'fastify';
import { equipmentArea as manifest } from '@gx/contract';
import { defineServerArea } from '../../http/area';
import type { EndpointDeps } from '../../http/endpoint';
import type { Bus } from '../../live/bus';
import { DeviceChannel } from './channel/deviceChannel';
import { registerMqttHooks } from './mqttHooks';
import { familyModelEndpoints } from './models';
import { registerSceneTriggers } from './sceneTriggers';
import { transferLinkEndpoint } from './transferLink';
import { authorizationNumberEndpoint } from './warehouse';

declare module 'fastify' {
  interface FastifyInstance {
    deviceChannel: DeviceChannel;
  }
}


/**
 * The device channel as one unit with a start and a stop (an area plugin in waiting): the broker, the EMQX hooks,
 * and the timers that keep presence and commands current. Starts when the app is ready, stops when it closes.
 */
function registerDeviceChannel(app: FastifyInstance, deps: EndpointDeps, bus: Bus): DeviceChannel {
  const channel = new DeviceChannel(
    deps.database, { ...deps.config.device, host: deps.config.host }, bus, app.server, app.log, () => deps.services.now(),
  );
  app.decorate('deviceChannel', channel);
  registerMqttHooks(app, deps.config.device, () => channel);
  app.addHook('onReady', () => channel.start());
  // preClose: before the HTTP server stops, so WebSocket sessions are ended rather than left hanging.
  app.addHook('preClose', () => channel.stop());
  return channel;
}

/**
 * SPEC §2 equipment: the device registry (`/admin/device/binding`), its commands and event log on the resource
 * engine, and the device channel. The channel's decoration is read by handlers through `req.server`, so the plugin
 * shares the root context.
 */
export const equipmentArea = defineServerArea({
  key: 'equipment',
  manifest,
  endpoints: [authorizationNumberEndpoint, transferLinkEndpoint, ...familyModelEndpoints()],
  sharesRoot: true,
  plugin: (app, deps) => {
    registerDeviceChannel(app, deps, app.liveBus);
    registerSceneTriggers(app, deps);
  },
});
