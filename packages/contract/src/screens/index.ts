export * from './provinces';
export * from './summary';
export * from './templates';
export * from './presets';
export * from './defaults';
export * from './weather';
export * from './links';
