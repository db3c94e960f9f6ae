export * from './cron';
export * from './timedTask';
export * from './workOrderPublic';
export * from './projectCollaboration';
