/** The alarms page (apps/web/src/areas/equipment/pages/alarm.tsx): the active/history switch and the summary. */
const alarm = {
  view: { label: '显示', active: '活动告警', history: '历史告警', all: '全部' },
  summary: '活动告警：{{count}}',
};
export default alarm;
