import { describe, expect, it } from 'vitest';
import {
  alarmResource, apTemplateResource, campaignResource, deviceCommandResource, deviceEventResource, deviceResource, gatewaySceneResource,
  lanTemplateResource, phoneTemplateResource, suggestionResource, workOrderResource,
} from '../resources';
import { STREAM_LISTS } from './stream';

describe('STREAM_LISTS', () => {
  it('names each list by its declaration\'s key', () => {
    expect(STREAM_LISTS).toEqual({
      device: deviceResource.key,
      command: deviceCommandResource.key,
      event: deviceEventResource.key,
      campaign: campaignResource.key,
      alarm: alarmResource.key,
      workOrder: workOrderResource.key,
      suggestion: suggestionResource.key,
      scene: gatewaySceneResource.key,
      templates: [apTemplateResource.key, lanTemplateResource.key, phoneTemplateResource.key],
    });
  });
});
