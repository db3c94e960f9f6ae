import type zh from '../zh_CN/validation';

export default {
  required: 'Please fill in the required items',
  usernameRequired: 'Please enter the username',
  passwordRequired: 'Please enter the password',
  codeRequired: 'Please enter the verification code',
  passwordMin: 'Password cannot be less than 6 digits',
  passwordFormat: 'Password: 6-18 characters, any combination of digits, letters and symbols, no Chinese characters',
  passwordHash: 'Invalid password format',
  phone: 'Please enter a valid phone number',
  email: 'Please enter a valid email address',
  link: 'The link must start with http, https, mailto or tel',
  httpLink: 'The link address must include http or https',
} satisfies typeof zh;
