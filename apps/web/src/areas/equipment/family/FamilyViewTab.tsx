import { Descriptions, Empty, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { FamilyView, OpticalLevel, OpticalView, PlaylistItem } from '@gx/contract';
import type { TabProps } from '../../../resources/types';
import { metricText } from './format';

const LEVEL_COLOR: Record<Exclude<OpticalLevel, null>, string> = { ok: 'green', low: 'red', high: 'orange' };

function Level({ level }: { level: OpticalLevel }) {
  const { t } = useTranslation();
  if (!level) return <span>-</span>;
  return <Tag color={LEVEL_COLOR[level]}>{t(`deviceFamily.level.${level}`)}</Tag>;
}

const dash = (v: unknown) => (v === null || v === undefined ? '-' : String(v));
/** "up / total" (e.g. ports or APs), a dash for a side not reported. */
const ofTotal = (part: number | null, total: number | null) => `${dash(part)} / ${dash(total)}`;

/** Label → value pairs as one small bordered table. */
function Facts({ items, testId }: { items: [string, React.ReactNode][]; testId: string }) {
  return (
    <Descriptions bordered size="small" column={{ xs: 1, sm: 2 }} data-testid={testId}
      items={items.map(([label, children], i) => ({ key: String(i), label, children }))} />
  );
}

/** A fibre link's receive power, its level against the thresholds and its transmit power (FTTR, FTTN). */
function opticalFacts(o: OpticalView, t: TFunction): [string, React.ReactNode][] {
  return [
    [t('deviceFamily.rxPower'), metricText(o.rx_dbm, 'dbm', t)], [t('deviceFamily.olt.level'), <Level key="l" level={o.level} />],
    [t('deviceFamily.txPower'), metricText(o.tx_dbm, 'dbm', t)],
  ];
}

function OltView({ v, t }: { v: Extract<FamilyView, { page: 'olt' }>; t: TFunction }) {
  const dbm = (x: number | null) => metricText(x, 'dbm', t);
  return (
    <>
      <Facts testId="family-olt-summary" items={[
        [t('deviceFamily.olt.onusOnline'), dash(v.onus_online)],
        [t('deviceFamily.olt.maxOnus'), dash(v.max_onus)],
        [t('deviceFamily.olt.thresholds'), `${v.thresholds.min} … ${v.thresholds.max} dBm`],
      ]} />
      <Typography.Title level={5} style={{ marginTop: 16 }}>{t('deviceFamily.olt.ports')}</Typography.Title>
      <Table size="small" rowKey="port" pagination={false} data-testid="family-olt-ports" dataSource={v.pon_ports}
        columns={[
          { title: t('deviceFamily.olt.port'), dataIndex: 'port', width: 70, render: (p: number) => `PON ${p}` },
          { title: t('deviceFamily.state'), dataIndex: 'up', width: 90, render: (up: boolean) => <Tag color={up ? 'green' : 'default'}>{t(up ? 'deviceFamily.up' : 'deviceFamily.down')}</Tag> },
          { title: t('deviceFamily.rxPower'), dataIndex: 'rx_dbm', render: dbm },
          { title: t('deviceFamily.txPower'), dataIndex: 'tx_dbm', render: dbm },
          { title: t('deviceFamily.olt.onus'), dataIndex: 'onus', render: dash },
          { title: t('deviceFamily.olt.level'), dataIndex: 'level', render: (l: OpticalLevel) => <Level level={l} /> },
        ]} />
      <Typography.Title level={5} style={{ marginTop: 16 }}>{t('deviceFamily.olt.onuList')}</Typography.Title>
      <Table size="small" rowKey={(o) => `${o.port}-${o.onu}`} pagination={{ pageSize: 20, hideOnSinglePage: true }} data-testid="family-olt-onus" dataSource={v.onus}
        columns={[
          { title: t('deviceFamily.olt.port'), dataIndex: 'port', width: 90, render: (p: number) => `PON ${p}` },
          { title: 'ONU', dataIndex: 'onu', width: 90 },
          { title: t('deviceFamily.rxPower'), dataIndex: 'rx_dbm', render: dbm },
          { title: t('deviceFamily.olt.level'), dataIndex: 'level', render: (l: OpticalLevel) => <Level level={l} /> },
        ]} />
    </>
  );
}

function Playlist({ items, t }: { items: PlaylistItem[]; t: TFunction }) {
  return (
    <Table size="small" rowKey={(_, i) => String(i)} pagination={false} data-testid="family-screen-playlist" dataSource={items}
      locale={{ emptyText: t('deviceFamily.screen.noPlaylist') }}
      columns={[
        { title: '#', width: 50, render: (_v, _r, i) => i + 1 },
        { title: t('deviceFamily.screen.item'), dataIndex: 'url', ellipsis: true },
        { title: t('deviceFamily.screen.seconds'), dataIndex: 'seconds', width: 100 },
      ]} />
  );
}

/** The family's own tab (`family_view`, typed per family page in the contract). */
export function FamilyViewTab({ row }: TabProps) {
  const { t } = useTranslation();
  const v = row.family_view as FamilyView | null | undefined;
  const bps = (x: number | null) => metricText(x, 'bps', t);
  const dbm = (x: number | null) => metricText(x, 'dbm', t);
  const pct = (x: number | null) => metricText(x, 'pct', t);
  const yesNo = (x: boolean | null) => (x === null ? '-' : t(x ? 'deviceFamily.yes' : 'deviceFamily.no'));
  let body: React.ReactNode;
  switch (v?.page) {
    case undefined:
      body = <Empty />;
      break;
    case 'gateway':
      body = (
        <>
          <Typography.Title level={5}>WAN</Typography.Title>
          <Facts testId="family-gateway-wan" items={[
            [t('deviceFamily.gateway.link'), yesNo(v.wan.up)], [t('deviceFamily.gateway.ports'), dash(v.wan.ports)],
            [t('deviceFamily.down'), bps(v.wan.rx_bps)], [t('deviceFamily.upstream'), bps(v.wan.tx_bps)],
          ]} />
          <Typography.Title level={5} style={{ marginTop: 16 }}>LAN</Typography.Title>
          <Facts testId="family-gateway-lan" items={[
            [t('deviceFamily.gateway.ports'), dash(v.lan.ports)], [t('deviceFamily.clients'), dash(v.lan.clients)],
            [t('deviceFamily.maxClients'), dash(v.lan.max_clients)], [t('deviceFamily.radios'), dash(v.radios)],
          ]} />
        </>
      );
      break;
    case 'fttr':
      body = (
        <Facts testId="family-fttr" items={[
          ...opticalFacts(v.optical, t), [t('deviceFamily.fttr.slaveUnits'), dash(v.lan.slave_units)],
          [t('deviceFamily.down'), bps(v.wan.rx_bps)], [t('deviceFamily.upstream'), bps(v.wan.tx_bps)],
          [t('deviceFamily.clients'), dash(v.lan.clients)], [t('deviceFamily.gateway.ports'), dash(v.lan.ports)],
          [t('deviceFamily.radios'), dash(v.radios)],
        ]} />
      );
      break;
    case 'olt':
      body = <OltView v={v} t={t} />;
      break;
    case 'ap':
      body = (
        <>
          <Facts testId="family-ap-summary" items={[
            [t('deviceFamily.radios'), dash(v.bands)], [t('deviceFamily.maxClients'), dash(v.max_clients)], [t('deviceFamily.ap.noise'), dbm(v.noise_dbm)],
          ]} />
          <Table size="small" rowKey="band" pagination={false} style={{ marginTop: 16 }} data-testid="family-ap-radios" dataSource={v.radios}
            columns={[
              { title: t('deviceFamily.ap.band'), dataIndex: 'band' },
              { title: t('deviceFamily.ap.channel'), dataIndex: 'channel', render: dash },
              { title: t('deviceFamily.clients'), dataIndex: 'clients', render: dash },
              { title: t('deviceFamily.ap.utilisation'), dataIndex: 'chan_util', render: pct },
            ]} />
        </>
      );
      break;
    case 'pbx':
      body = (
        <Facts testId="family-pbx" items={[
          [t('deviceFamily.voice.registrations'), dash(v.sip_registrations)], [t('deviceFamily.voice.lines'), dash(v.sip_lines)],
          [t('deviceFamily.voice.calls'), dash(v.calls_active)], [t('deviceFamily.voice.callsPerMin'), dash(v.calls_per_min)],
          [t('deviceFamily.voice.trunks'), dash(v.trunks_up)],
        ]} />
      );
      break;
    case 'voiceGateway':
      body = (
        <Facts testId="family-voice" items={[
          [t('deviceFamily.voice.registrations'), dash(v.sip_registrations)], [t('deviceFamily.voice.lines'), dash(v.sip_lines)],
          [t('deviceFamily.voice.calls'), dash(v.calls_active)], [t('deviceFamily.voice.fxs'), dash(v.fxs_ports)],
          [t('deviceFamily.voice.asr'), pct(v.asr_pct)],
        ]} />
      );
      break;
    case 'cloudScreen':
      body = (
        <>
          <Facts testId="family-screen" items={[
            [t('deviceFamily.screen.playing'), yesNo(v.playing)], [t('deviceFamily.screen.programme'), dash(v.programme_id || null)],
            [t('deviceFamily.screen.current'), v.item_index === null || !v.playing ? '-' : String(v.item_index + 1)],
            [t('deviceFamily.screen.size'), v.screen_inches ? `${v.screen_inches}"` : '-'],
            [t('deviceFamily.screen.brightness'), pct(v.brightness_pct)], [t('deviceFamily.screen.volume'), pct(v.volume_pct)],
          ]} />
          <Typography.Title level={5} style={{ marginTop: 16 }}>{t('deviceFamily.screen.playlist')}</Typography.Title>
          <Playlist items={v.playlist} t={t} />
        </>
      );
      break;
    case 'ac':
      body = (
        <Facts testId="family-ac" items={[
          [t('deviceFamily.ac.onlineAps'), ofTotal(v.aps.online, v.aps.managed)], [t('deviceFamily.ac.maxAps'), dash(v.aps.max)],
          [t('deviceFamily.clients'), dash(v.clients)], [t('deviceFamily.ac.portalClients'), dash(v.portal_clients)],
          [t('deviceFamily.cpu'), pct(v.cpu_pct)], [t('deviceFamily.gateway.ports'), dash(v.lan_ports)],
        ]} />
      );
      break;
    case 'fttn':
      body = (
        <Facts testId="family-fttn" items={[
          ...opticalFacts(v.optical, t), [t('deviceFamily.portsUp'), ofTotal(v.ports.up, v.ports.total)],
          [t('deviceFamily.down'), bps(v.traffic.rx_bps)], [t('deviceFamily.upstream'), bps(v.traffic.tx_bps)],
          [t('deviceFamily.uplinks'), dash(v.ports.uplinks)],
        ]} />
      );
      break;
    case 'nmc':
      body = (
        <Facts testId="family-nmc" items={[
          [t('deviceFamily.nmc.managed'), dash(v.managed_devices)], [t('deviceFamily.nmc.alarms'), dash(v.alarms_active)],
          [t('deviceFamily.cpu'), pct(v.cpu_pct)], [t('deviceFamily.mem'), pct(v.mem_pct)],
          [t('deviceFamily.cardSlots'), dash(v.card_slots)], [t('deviceFamily.uplinks'), dash(v.uplink_ports)],
        ]} />
      );
      break;
    case 'uc':
      body = (
        <Facts testId="family-uc" items={[
          [t('deviceFamily.uc.users'), dash(v.users_online)], [t('deviceFamily.voice.registrations'), dash(v.sip_registrations)],
          [t('deviceFamily.uc.meetings'), dash(v.meetings_active)], [t('deviceFamily.voice.calls'), dash(v.calls_active)],
          [t('deviceFamily.voice.lines'), dash(v.sip_lines)], [t('deviceFamily.cardSlots'), dash(v.card_slots)],
        ]} />
      );
      break;
    case 'vcgw':
      body = (
        <Facts testId="family-vcgw" items={[
          [t('deviceFamily.vcgw.trunks'), ofTotal(v.trunks.up, v.trunks.total)], [t('deviceFamily.voice.registrations'), dash(v.sip_registrations)],
          [t('deviceFamily.voice.calls'), dash(v.calls_active)], [t('deviceFamily.vcgw.mos'), metricText(v.mos, 'mos', t)],
          [t('deviceFamily.voice.lines'), dash(v.sip_lines)],
        ]} />
      );
      break;
  }
  return <div data-testid="device-family-view">{body}</div>;
}
