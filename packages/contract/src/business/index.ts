export * from './cron';
export * from './timedTask';
export * from './workOrderPublic';
export * from './projectCollaboration';
export * from './programmeStream';
export * from './licenceGrant';
export * from './onlineTimeline';
