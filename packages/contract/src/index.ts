export * from './codes';
export * from './envelope';
export * from './md5';
export * from './validators';
export * from './session';
export * from './api';
export * from './validationMessages';
