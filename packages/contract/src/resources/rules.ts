import { EMAIL_RE, HTTP_LINK_RE, LINK_RE, MEDIA_LINK_RE, PHONE_RE } from '../validators';
import { DEVICE_TAGS_RE } from '../device/tags';
import type { Rule } from './types';

/**
 * Each rule a field may name: its pattern and the i18n key of its message. Phone, email and links are SPEC §5's
 * validators; the rest keep identifiers that end up in URLs, permission checks and host names well-formed.
 */
export const RULES: Record<Rule, { re: RegExp; message: string; lowercase?: boolean }> = {
  phone: { re: PHONE_RE, message: 'validation.phone' },
  email: { re: EMAIL_RE, message: 'validation.email' },
  link: { re: LINK_RE, message: 'validation.link' },
  httpLink: { re: HTTP_LINK_RE, message: 'validation.httpLink' },
  mediaLink: { re: MEDIA_LINK_RE, message: 'validation.mediaLink' },
  username: { re: /^[A-Za-z0-9][A-Za-z0-9_.@-]{2,63}$/, message: 'validation.username' },
  permissionKey: { re: /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*){1,4}$/, message: 'validation.permissionKey' },
  domain: {
    re: /^(localhost|(\d{1,3}\.){3}\d{1,3}|([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63})$/,
    message: 'validation.domain',
    lowercase: true,
  },
  routePath: { re: /^(\/[^\s]*|https?:\/\/\S+)$/, message: 'validation.routePath' },
  identifier: { re: /^[A-Za-z][A-Za-z0-9_-]{0,63}$/, message: 'validation.identifier' },
  brokerUrl: { re: /^(mqtts?|wss?|tcp|ssl):\/\/\S+$/i, message: 'validation.brokerUrl' },
  // A device serial is its MQTT username and sits inside topics: no `/`, `+`, `#` or spaces.
  serial: { re: /^[A-Za-z0-9_-]{3,64}$/, message: 'validation.serial' },
  mac: { re: /^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$/, message: 'validation.mac' },
  authorizationNumber: { re: /^[A-Z0-9]{8,32}$/, message: 'validation.authorizationNumber' },
  tags: { re: DEVICE_TAGS_RE, message: 'validation.tags' },
};
