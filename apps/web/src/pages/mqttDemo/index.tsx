import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MqttClient } from 'mqtt';
import { DEVICE_FAMILIES, DEVICE_FAMILY_LABELS, FAMILY_METRICS, topics, type CommandMessage, type DeviceFamily } from '@gx/contract';
import { Field } from '../login/Field';
import { PublicPage } from '../public/PublicPage';

interface LogLine { at: string; dir: 'in' | 'out' | 'info'; topic: string; body: string }

const HEARTBEAT_S = 30;

/** The embedded broker's MQTT over WebSocket, on this page's own host. */
function defaultBroker(): string {
  return `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/mqtt`;
}

/** A locally administered MAC (first byte x2) that stays the same for a serial, so one device keeps one MAC. */
function macOf(serial: string): string {
  let h = 0;
  for (const c of serial) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  const bytes = [0x02, 0x47, 0x58, (h >>> 16) & 255, (h >>> 8) & 255, h & 255];
  return bytes.map((b) => b.toString(16).padStart(2, '0')).join(':').toUpperCase();
}

/**
 * /mqttDemo: a device played in the browser over MQTT/WebSocket, speaking docs/device-protocol.md — connect with a
 * device's serial and secret, say hello, beat, send telemetry and events, and answer the commands the console sends
 * (each acknowledged at once, then answered by a button). For integrators trying the protocol and for demos. The
 * MQTT client (mqtt.js) loads only when connecting.
 */
export default function MqttDemoPage() {
  const { t, i18n } = useTranslation();
  const [broker, setBroker] = useState(defaultBroker);
  const [serial, setSerial] = useState('');
  const [secret, setSecret] = useState('');
  const [family, setFamily] = useState<DeviceFamily>('ig');
  const [state, setState] = useState<'idle' | 'connecting' | 'connected'>('idle');
  const [problem, setProblem] = useState('');
  const [log, setLog] = useState<LogLine[]>([]);
  const [pending, setPending] = useState<CommandMessage[]>([]);
  const client = useRef<MqttClient | null>(null);
  const beat = useRef<number | undefined>(undefined);

  const note = (dir: LogLine['dir'], topic: string, body: string) =>
    setLog((l) => [{ at: new Date().toLocaleTimeString(), dir, topic, body }, ...l].slice(0, 60));
  const send = (topic: string, payload: unknown, retain = false) => {
    const body = JSON.stringify(payload);
    client.current?.publish(topic, body, { qos: 1, retain });
    note('out', topic, body);
  };
  const stop = () => {
    window.clearInterval(beat.current);
    client.current?.end(true);
    client.current = null;
    setState('idle');
    setPending([]);
  };
  useEffect(() => stop, []);

  const connect = async (e: FormEvent) => {
    e.preventDefault();
    setProblem('');
    if (!/^[A-Za-z0-9_-]{3,64}$/.test(serial.trim()) || !secret) {
      setProblem(t('portal.mqttDemo.needCredentials'));
      return;
    }
    setState('connecting');
    const id = serial.trim();
    const { default: mqtt } = await import('mqtt');
    const c = mqtt.connect(broker.trim(), {
      clientId: id, username: id, password: secret, clean: true, reconnectPeriod: 0, connectTimeout: 10_000,
      will: { topic: topics.state(id), payload: JSON.stringify({ online: false }), qos: 1, retain: true },
    });
    client.current = c;
    c.on('connect', () => {
      setState('connected');
      note('info', '', t('portal.mqttDemo.connected'));
      void c.subscribeAsync(`dev/${id}/down/#`, { qos: 1 }).then(() => {
        send(topics.state(id), { online: true }, true);
        send(topics.up(id, 'hello'), { type: family, model: `WEB-${family.toUpperCase()}`, fw: '1.0.0', hw: 'browser', mac: macOf(id), ip: '', heartbeat_s: HEARTBEAT_S });
        beat.current = window.setInterval(() => send(topics.up(id, 'hb'), {}), HEARTBEAT_S * 1000);
      });
    });
    c.on('message', (topic, payload) => {
      const body = payload.toString();
      note('in', topic, body);
      if (topic !== topics.cmd(id)) return;
      try {
        const cmd = JSON.parse(body) as CommandMessage;
        send(topics.up(id, 'ack'), { id: cmd.id });
        setPending((p) => [...p.filter((x) => x.id !== cmd.id), cmd]);
      } catch {
        // A command that is not JSON: shown in the log, not answered.
      }
    });
    c.on('error', (err) => setProblem(`${t('portal.mqttDemo.refused')} ${err.message}`));
    c.on('close', () => {
      window.clearInterval(beat.current);
      setState('idle');
    });
  };

  const answer = (cmd: CommandMessage, ok: boolean) => {
    send(topics.up(serial.trim(), 'result'), ok ? { id: cmd.id, ok: true } : { id: cmd.id, ok: false, code: 'demo_failed', msg: 'Failed on purpose in the MQTT demo' });
    setPending((p) => p.filter((x) => x.id !== cmd.id));
  };
  const telemetry = () => {
    // Plausible per unit: links up, no SD-WAN site, percentages 0–100, the rest a random figure.
    const decls = Object.entries(FAMILY_METRICS[family] as Record<string, { unit: string }>).slice(0, 8);
    const value = (unit: string) => (unit === 'flag' ? 1 : unit === 'id' ? 0 : unit === 'pct' ? Math.round(Math.random() * 1000) / 10 : Math.round(Math.random() * 100_000));
    const metrics = Object.fromEntries(decls.map(([k, d]) => [k, value(d.unit)]));
    send(topics.up(serial.trim(), 'telemetry'), { metrics });
  };

  return (
    <PublicPage testId="mqtt-demo" wide>
      <h1>{t('portal.mqttDemo.title')}</h1>
      <p className="gx-public-intro">{t('portal.mqttDemo.intro')}</p>
      {state === 'idle' || state === 'connecting' ? (
        <form onSubmit={(e) => void connect(e)} noValidate>
          <Field id="mqtt-broker" label={t('portal.mqttDemo.broker')} value={broker} maxLength={300} autoComplete="off" onChange={(e) => setBroker(e.target.value)} />
          <Field id="mqtt-serial" label={t('portal.mqttDemo.serial')} value={serial} maxLength={64} autoComplete="off" onChange={(e) => setSerial(e.target.value)} />
          <Field id="mqtt-secret" label={t('portal.mqttDemo.secret')} type="password" value={secret} maxLength={128} autoComplete="off" onChange={(e) => setSecret(e.target.value)} />
          <label className="gx-public-check">
            <span>{t('portal.mqttDemo.family')}</span>
            <select value={family} onChange={(e) => setFamily(e.target.value as DeviceFamily)} data-testid="mqtt-family">
              {DEVICE_FAMILIES.map((f) => <option key={f} value={f}>{DEVICE_FAMILY_LABELS[f][i18n.language === 'en' ? 'en' : 'zh_CN']}</option>)}
            </select>
          </label>
          <button type="submit" className="gx-btn gx-btn-primary gx-public-wide" disabled={state === 'connecting'} data-testid="mqtt-connect">
            {t('portal.mqttDemo.connect')}
          </button>
        </form>
      ) : (
        <div className="gx-public-or">
          <p className="gx-public-note" data-testid="mqtt-online">{t('portal.mqttDemo.online', { serial: serial.trim() })}</p>
          <button type="button" className="gx-btn gx-btn-secondary gx-public-wide" onClick={telemetry} data-testid="mqtt-telemetry">{t('portal.mqttDemo.sendTelemetry')}</button>
          <button type="button" className="gx-btn gx-btn-secondary gx-public-wide" onClick={() => send(topics.up(serial.trim(), 'event'), { level: 'info', code: 'demo', msg: 'Hello from the MQTT demo' })}>
            {t('portal.mqttDemo.sendEvent')}
          </button>
          <button type="button" className="gx-btn gx-btn-secondary gx-public-wide" onClick={stop} data-testid="mqtt-disconnect">{t('portal.mqttDemo.disconnect')}</button>
        </div>
      )}
      {problem ? <p className="gx-public-alert" role="alert">{problem}</p> : null}
      {pending.map((cmd) => (
        <div key={cmd.id} className="gx-public-result gx-public-result-warn" data-testid="mqtt-command">
          <h2>{t('portal.mqttDemo.command', { name: cmd.name, id: cmd.id })}</h2>
          <pre className="gx-public-terms">{JSON.stringify(cmd.params ?? {}, null, 2)}</pre>
          <div className="gx-public-row">
            <button type="button" className="gx-btn gx-btn-primary" onClick={() => answer(cmd, true)} data-testid="mqtt-succeed">{t('portal.mqttDemo.succeed')}</button>
            <button type="button" className="gx-btn gx-btn-secondary" onClick={() => answer(cmd, false)}>{t('portal.mqttDemo.fail')}</button>
          </div>
        </div>
      ))}
      {log.length ? (
        <ol className="gx-public-terms" aria-label={t('portal.mqttDemo.log')} data-testid="mqtt-log" style={{ listStyle: 'none', padding: 0 }}>
          {log.map((l, i) => (
            <li key={`${l.at}-${i}`}><code>{`${l.at} ${l.dir === 'in' ? '←' : l.dir === 'out' ? '→' : '·'} ${l.topic} ${l.body}`}</code></li>
          ))}
        </ol>
      ) : null}
    </PublicPage>
  );
}
