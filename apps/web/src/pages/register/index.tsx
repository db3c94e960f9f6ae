import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LOGIN_PATH } from '../../config/constants';
import { PublicPage } from '../public/PublicPage';
import { registerAccount } from './api';
import { RegisterForm } from './RegisterForm';
import './register.css';

/** /register: a new account with a phone verified by SMS; it starts in no organisation and joins or creates one. */
export default function RegisterPage() {
  const { t } = useTranslation();
  return (
    <PublicPage testId="register" noBackLink>
      <h1>{t('register.title')}</h1>
      <p className="gx-public-intro">{t('register.intro')}</p>
      <RegisterForm submit={registerAccount} />
      <p className="gx-public-footer">
        <Link to={LOGIN_PATH} data-testid="register-to-login">{t('register.haveAccount')}</Link>
      </p>
    </PublicPage>
  );
}
