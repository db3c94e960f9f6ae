export * from './signature';
export * from './webhooks';
export * from './callStats';
