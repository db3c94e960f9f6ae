import area from './area';
import common from './common';
import dashboard from './dashboard';
import login from './login';
import navbar from './navbar';
import notFound from './notFound';
import pwa from './pwa';
import request from './request';
import route from './route';
import tagsView from './tagsView';
import validation from './validation';

export default { area, common, dashboard, login, navbar, notFound, pwa, request, route, tagsView, validation };
