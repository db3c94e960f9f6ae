import { useLayoutEffect } from 'react';
import { message } from 'antd';
import { registerMessageApi } from '../api/feedback';
import { AntdProvider } from './AntdProvider';

function Holder() {
  const [api, holder] = message.useMessage({ maxCount: 1 });
  useLayoutEffect(() => {
    registerMessageApi(api);
    return () => registerMessageApi(undefined);
  }, [api]);
  return holder;
}

/** Themed antd message API for the request wrapper's toasts; lazily loaded on the first toast (api/feedback.ts). */
export default function MessageHost() {
  return (
    <AntdProvider>
      <Holder />
    </AntdProvider>
  );
}
