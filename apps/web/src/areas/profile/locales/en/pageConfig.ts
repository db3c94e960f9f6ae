import type zh from '../zh_CN/pageConfig';

export default {
  title: 'Page configuration',
  icon: 'Icon',
  iconHint: 'Recommended 48×48, JPG or PNG, smaller than 10MB',
  homeTitle: 'Site title',
  homeTitlePlaceholder: 'Enter the site title',
  logo: 'Homepage logo',
  logoHint: 'Recommended 317×85, JPG or PNG, smaller than 10MB',
  company: 'Company name',
  companyPlaceholder: 'Enter the company name',
  companyUrl: 'Company link',
  companyUrlPlaceholder: 'Starting with http:// or https://',
  telephone: 'Service telephone',
  telephonePlaceholder: 'Enter the service telephone',
  smsTemplate: 'SMS template',
  smsTemplateNone: 'No SMS template',
  upload: 'Upload image',
  replace: 'Replace image',
} satisfies typeof zh;
