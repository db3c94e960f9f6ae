/** SPEC §2, §9: notification dialogs are 60% wide; on phones 60% is too narrow to read, so they take the width. */
export const DIALOG_WIDTH = { xs: '100%', sm: '92%', md: '60%' } as const;
