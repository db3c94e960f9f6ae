import type zh from '../zh_CN/request';

export default {
  error: 'Error',
  hasError: 'Has Error',
  networkError: 'Network error, please check your connection and try again',
  timeout: 'The request timed out, please try again later',
} satisfies typeof zh;
