import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../api/feedback';
import { HiddenFileInput } from '../../../components/HiddenFileInput';
import { imageFileProblem } from '../../../utils/imageFile';
import '../profile.css';

/** A stored image (its URL) or a newly chosen file that replaces it when the form is saved. */
export interface ImageValue {
  url: string;
  file?: File;
}

interface Props {
  value?: ImageValue;
  onChange?: (value: ImageValue) => void;
  /** Label of the choose button. */
  chooseText: ReactNode;
  /** Rules and recommended size under the picker. */
  hint: ReactNode;
  /** Preview box size in px (width × height). */
  preview: { width: number; height: number };
  alt: string;
  testId: string;
}

/**
 * Image picker for avatar, icon and logo (SPEC §5): JPEG or PNG under 10 MB, checked by content before anything is
 * sent; a refused file shows the rule it breaks and leaves the current image in place.
 */
export function ImageField({ value, onChange, chooseText, hint, preview, alt, testId }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [objectUrl, setObjectUrl] = useState<string>();
  useEffect(() => {
    if (!value?.file) return;
    const url = URL.createObjectURL(value.file);
    setObjectUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [value?.file]);

  const src = value?.file ? objectUrl : value?.url;
  const choose = async (file: File | undefined) => {
    if (!file) return;
    const problem = await imageFileProblem(file);
    if (problem) {
      toast('error', t(problem));
      return;
    }
    onChange?.({ url: value?.url ?? '', file });
  };

  return (
    <div className="gx-image-field">
      <div className="gx-image-preview" style={{ width: preview.width, height: preview.height }}>
        {src && <img src={src} alt={alt} data-testid={`${testId}-preview`} />}
      </div>
      <div className="gx-image-actions">
        <Button icon={<UploadOutlined />} onClick={() => input.current?.click()} data-testid={`${testId}-choose`}>
          {chooseText}
        </Button>
        <HiddenFileInput ref={input} accept="image/jpeg,image/png" testId={`${testId}-input`} onFiles={(files) => void choose(files[0])} />
        <div className="gx-image-hint">{hint}</div>
      </div>
    </div>
  );
}
