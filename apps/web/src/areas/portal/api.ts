import { MAX_PAGE_SIZE, PortalApi, portalVoucherResource, type WechatMenuDetail, type WechatMenuItem } from '@gx/contract';
import { requestData } from '../../api/request';
import { resourceClient, type Row } from '../../api/resource';

/** The portal calls beside the generated resource methods. */

export function fetchWechatMenu(): Promise<WechatMenuDetail> {
  return requestData<WechatMenuDetail>(PortalApi.wechatMenu, { method: 'detail' }, { loading: false });
}

export function saveWechatMenu(button: WechatMenuItem[]): Promise<WechatMenuDetail> {
  return requestData<WechatMenuDetail>(PortalApi.wechatMenu, { method: 'save', button });
}

export function publishWechatMenu(): Promise<WechatMenuDetail> {
  return requestData<WechatMenuDetail>(PortalApi.wechatMenu, { method: 'publish' });
}

/** Every code of a batch, for printing: pages of the largest size the list allows, in code order of creation. */
export async function fetchVoucherBatch(batch: string): Promise<Row[]> {
  const client = resourceClient(portalVoucherResource.path);
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const answer = await client.list({ page, size: MAX_PAGE_SIZE, sort: 'id', order: 'asc', filters: { batch } });
    rows.push(...answer.list);
    if (answer.list.length < MAX_PAGE_SIZE || rows.length >= answer.total) return rows;
  }
}
