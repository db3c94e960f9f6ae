import type zh from '../zh_CN/suggestion';

export default {
  button: 'Complaints and suggestions',
  title: 'Complaints and suggestions',
  placeholder: 'Describe the problem you met or your suggestion',
  submit: 'Submit',
} satisfies typeof zh;
