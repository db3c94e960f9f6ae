export * from './provinces';
export * from './summary';
