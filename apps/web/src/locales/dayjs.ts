import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import 'dayjs/locale/zh-cn';
import i18n from './index';

/**
 * dayjs follows the interface language. Imported by the layout (dates appear only after login), so the login page
 * does not ship dayjs.
 */
// 'LLL' and friends: dates written the way each language writes them.
dayjs.extend(localizedFormat);

function apply(lang: string): void {
  dayjs.locale(lang === 'zh_CN' ? 'zh-cn' : 'en');
}

apply(i18n.language);
i18n.on('languageChanged', apply);
