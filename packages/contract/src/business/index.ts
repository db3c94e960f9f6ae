export * from './cron';
export * from './timedTask';
