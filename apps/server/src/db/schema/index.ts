// Tables by area; each area's file owns its tables. drizzle-kit reads this index.
export * from './core';
export * from './system';
export * from './notification';
export * from './suggestion';
export * from './sms';
export * from './wechat';
