import { useState } from 'react';
import { Alert, Button, Modal, Space, Table, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { IMPORT_MAX_BYTES, validationText, type ResourceDecl } from '@gx/contract';
import { ApiError } from '../api/errors';
import { toast } from '../api/feedback';
import { resourceClient, type ImportProblem, type ImportRefusal } from '../api/resource';
import { importTemplate } from './importTemplate';
import { downloadExport } from './exportDownload';
import { pick, useLang } from './useLang';

interface Props {
  decl: ResourceDecl;
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}

const ACCEPT = '.xlsx,.xls,.csv';

function isRefusal(data: unknown): data is ImportRefusal {
  return typeof data === 'object' && data !== null && Array.isArray((data as ImportRefusal).errors);
}

/**
 * Import (SPEC §5): one .xlsx/.csv of at most 10 MB. The server checks every row and imports all of them or none;
 * a refused file's problems are listed by row and column so the user can fix the sheet and try again.
 */
export function ImportDialog({ decl, open, onClose, onImported }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<{ list: ImportProblem[]; total: number } | null>(null);
  const [fileError, setFileError] = useState('');
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setFile(null);
    setProblems(null);
    setFileError('');
  };
  const close = () => {
    reset();
    onClose();
  };

  const choose = (f: File) => {
    setProblems(null);
    if (f.size > IMPORT_MAX_BYTES) {
      setFile(null);
      setFileError(validationText('validation.importSize', lang) ?? '');
    } else {
      setFile(f);
      setFileError('');
    }
    // Nothing is uploaded until the user confirms.
    return false;
  };

  const submit = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const { imported } = await resourceClient(decl.path).import(file);
      toast('success', t('resource.imported', { count: imported }));
      reset();
      onImported();
    } catch (e) {
      if (e instanceof ApiError && isRefusal(e.envelope.data)) setProblems({ list: e.envelope.data.errors, total: e.envelope.data.total });
      else if (e instanceof ApiError) setFileError(e.message);
    } finally {
      setBusy(false);
    }
  };

  const columnLabel = (column: string) => pick(decl.fields[column]?.label, lang) || column;

  return (
    <Modal
      open={open}
      title={`${pick(decl.title, lang)} · ${t('resource.import')}`}
      onCancel={close}
      width={720}
      destroyOnHidden
      wrapProps={{ 'data-testid': 'import-dialog' }}
      footer={
        <Space>
          <Button icon={<DownloadOutlined />} onClick={() => downloadExport(importTemplate(decl, lang))} data-testid="import-template">
            {t('resource.importTemplate')}
          </Button>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button type="primary" disabled={!file} loading={busy} onClick={() => void submit()} data-testid="import-submit">
            {t('resource.importStart')}
          </Button>
        </Space>
      }
    >
      <Upload.Dragger
        accept={ACCEPT}
        multiple={false}
        maxCount={1}
        beforeUpload={choose}
        fileList={file ? [{ uid: 'file', name: file.name, status: 'done' }] : []}
        onRemove={() => reset()}
        data-testid="import-file"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p>{t('resource.importDrop')}</p>
        <p className="gx-import-hint">{t('resource.importHint', { columns: (decl.io?.import ?? []).map(columnLabel).join(lang === 'en' ? ', ' : '、') })}</p>
      </Upload.Dragger>
      {fileError && <Alert type="error" showIcon title={fileError} className="gx-import-alert" data-testid="import-file-error" />}
      {problems && (
        <div className="gx-import-errors" data-testid="import-errors">
          <Alert type="error" showIcon title={t('resource.importRefused', { count: problems.total })} className="gx-import-alert" />
          <Table<ImportProblem>
            size="small"
            rowKey={(p) => `${p.row}:${p.column}:${p.message}`}
            dataSource={problems.list}
            pagination={problems.list.length > 10 ? { pageSize: 10, size: 'small' } : false}
            columns={[
              { title: t('resource.importRow'), dataIndex: 'row', width: 80 },
              { title: t('resource.importColumn'), dataIndex: 'column', width: 160, render: (c: string) => columnLabel(c) },
              { title: t('resource.importProblem'), dataIndex: 'message' },
            ]}
          />
        </div>
      )}
    </Modal>
  );
}
