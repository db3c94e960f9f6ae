import type zh from '../zh_CN/upgrade';

export default {
  firmware: {
    button: 'Upload firmware',
    title: 'Upload firmware',
    hint: 'The server computes the size and SHA-256 from the bytes it receives; devices download the package from the signed link their campaign gives them.',
    file: 'Package file',
    choose: 'Choose a file',
    submit: 'Upload',
    uploaded: 'Uploaded, SHA-256: {{sha256}}',
  },
  campaign: {
    batchN: 'Group {{n}} · {{count}} devices',
    batchSummary: '{{ok}} ok · {{failed}} failed · {{active}} upgrading · {{waiting}} waiting',
    chartSucceeded: 'Succeeded',
    chartFailed: 'Failed',
    chartWaiting: 'Not finished',
    progress: 'Finished',
    total: '{{count}} devices',
    allStates: 'All states',
    stateFilter: 'Filter by state',
    serial: 'Serial',
    model: 'Model',
    fw: 'Current firmware',
    batch: 'Batch',
    state: 'State',
    progressColumn: 'Progress',
    error: 'Error',
    approval: 'Campaigns need approval',
    approvalHint: 'A new campaign waits until someone other than its creator, holding the approve permission, approves it.',
  },
} satisfies typeof zh;
