// Tables by area (named as the area: portal, oa, …; core holds the shared ones); drizzle-kit reads this index.
export * from './core';
export * from './system';
export * from './notification';
export * from './oa';
export * from './portal';
export * from './wechat';
export * from './device';
export * from './marketing';
export * from './monitor';
