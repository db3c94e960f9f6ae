import { Button, Form, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';

interface Props {
  label: string;
  /** The button's text and test id. */
  choose: string;
  testId: string;
  file: File | null;
  error: string | null;
  /** Why the file cannot be sent (empty, too large), or null: checked before it is taken. */
  problemOf: (file: File) => string | null;
  onPick: (file: File) => void;
  onProblem: (message: string) => void;
  onRemove: () => void;
}

/** The one package file of an upload dialog (firmware, plugin): picked, checked in the browser, sent with the form. */
export function PackageFileItem({ label, choose, testId, file, error, problemOf, onPick, onProblem, onRemove }: Props) {
  return (
    <Form.Item label={label} required validateStatus={error ? 'error' : undefined} help={error ?? undefined}>
      <Upload
        maxCount={1}
        fileList={file ? [{ uid: 'file', name: file.name, status: 'done' }] : []}
        beforeUpload={(f) => {
          const problem = problemOf(f);
          if (problem !== null) {
            onProblem(problem);
            return Upload.LIST_IGNORE;
          }
          onPick(f);
          return false;
        }}
        onRemove={onRemove}
      >
        <Button icon={<UploadOutlined />} data-testid={testId}>{choose}</Button>
      </Upload>
    </Form.Item>
  );
}
