export * from './signature';
export * from './webhooks';
