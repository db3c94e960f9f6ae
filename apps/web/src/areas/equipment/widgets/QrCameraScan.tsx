import { useEffect, useRef } from 'react';
import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { decodeQr } from './qrDecode';

interface Props {
  /** A read text; return true to stop scanning (it was the code wanted). */
  onText: (text: string) => boolean;
  onFail: () => void;
  onStop: () => void;
}

/** The camera's picture, read for a QR code a few times a second until `onText` accepts one or the user stops. */
export function QrCameraScan({ onText, onFail, onStop }: Props) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let stopped = false;
    const tick = async () => {
      const v = video.current;
      if (stopped || !v) return;
      if (v.readyState >= 2 && v.videoWidth > 0) {
        const text = await decodeQr(v, v.videoWidth, v.videoHeight);
        if (text && onText(text)) return;
      }
      timer = window.setTimeout(() => void tick(), 250);
    };
    navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } }).then((s) => {
      stream = s;
      if (stopped || !video.current) return;
      video.current.srcObject = s;
      void video.current.play().catch(() => undefined);
      void tick();
    }, onFail);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [onText, onFail]);
  return (
    <Space direction="vertical" style={{ width: '100%', marginBottom: 12 }} data-testid="claim-camera">
      <Typography.Text type="secondary">{t('device.claim.scanning')}</Typography.Text>
      <video ref={video} muted playsInline style={{ width: '100%', maxHeight: 280, background: '#000', borderRadius: 6 }} />
      <Button onClick={onStop}>{t('device.claim.stop')}</Button>
    </Space>
  );
}
