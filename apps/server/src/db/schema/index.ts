// Tables by area; each area's file owns its tables. drizzle-kit reads this index.
export * from './core';
