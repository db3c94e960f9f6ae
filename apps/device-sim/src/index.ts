// The simulator as a library, for the benchmarks and tests that drive fleets themselves.
export { Fleet, type FleetStats } from './fleet';
export { SimDevice } from './device';
export { type SimOptions, DEFAULT_OPTIONS } from './options';
export { parseProvisioningCsv, CSV_HEADER, type DeviceIdentity } from './csv';
export { provisionDevices, signIn, DEVICE_BINDING_PATH } from './provision';
export { FAMILY_PROFILES } from './families';
